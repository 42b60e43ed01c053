import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { salePayload } from '../../core/etims/etims.rules';

// A small, real HTTP stand-in for KRA's eTIMS OSCU API in tests, following the published shapes
// (paybillke/kra-etims-oscu-docs): POST /<function> with JSON, the device in the headers tin, bhfId
// and cmcKey, answers { resultCd, resultMsg, resultDt, data }. It keeps what it received like KRA
// does: an invoice number is signed once per device; sending it again is answered 994 ("There is an
// overlapped Data") and selectInvoiceDetails finds it. Tests can delay answers, hang (accept a
// request, act on it and never answer), refuse with a code, and stop and start the server.

/** A sale the tests and the bench send: 2 × Sugar 2kg at 580.00 (1,160.00 in band B), paid in cash. */
export function sampleSaleRequest(invoiceNumber: number): Record<string, unknown> {
  return salePayload({
    invoiceNumber,
    originalInvoiceNumber: 0,
    traderInvoiceNumber: `T1-${String(invoiceNumber).padStart(6, '0')}`,
    receiptTypeCode: 'S',
    refundReasonCode: null,
    at: new Date('2026-11-28T09:00:00Z'),
    customer: null,
    tenders: [{ tender: 'cash', amountMinor: 116_000 }],
    lines: [{ itemCode: 'KE2NTU0000001', itemClassCode: '5059690800', name: 'Sugar 2kg', barcode: null, packagingUnitCode: 'NT', quantityUnitCode: 'U', quantityMilli: 2000, unitPriceMinor: 58_000, discountMinor: 0, grossMinor: 116_000, taxMinor: 16_000, taxType: 'B' }],
    user: { id: 'u1', name: 'Amina' },
  });
}

export interface FakeEtimsSale {
  tin: string;
  bhfId: string;
  invcNo: number;
  body: Record<string, unknown>;
  signature: { curRcptNo: number; totRcptNo: number; intrlData: string; rcptSign: string; sdcDateTime: string };
}

export interface FakeEtimsRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown> | null;
}

interface Device {
  tin: string;
  bhfId: string;
  dvcSrlNo: string;
  cmcKey: string;
  sdcId: string;
  mrcNo: string;
  receipts: number;
}

const BAND_FIELDS = ['A', 'B', 'C', 'D', 'E'].flatMap((band) => [`taxblAmt${band}`, `taxRt${band}`, `taxAmt${band}`]);
const SALE_REQUIRED = ['trdInvcNo', 'invcNo', 'orgInvcNo', 'rcptTyCd', 'salesSttsCd', 'cfmDt', 'salesDt', 'totItemCnt', ...BAND_FIELDS, 'totTaxblAmt', 'totTaxAmt', 'totAmt', 'itemList'];
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function kenyaNow(): string {
  return new Date(Date.now() + 3 * 3_600_000).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

function letters(input: string, length: number): string {
  return Array.from(createHash('sha256').update(input).digest().subarray(0, length), (byte) => ALPHABET[byte % 32]).join('');
}

export interface FakeEtims {
  /** http://127.0.0.1:<port> — the client's base URL. */
  readonly url: string;
  readonly requests: FakeEtimsRequest[];
  /** Every accepted sale by device and invoice number. */
  readonly sales: Map<string, FakeEtimsSale>;
  /** How many times each invoice (tin:bhfId:invcNo) was signed: exactly-once tests expect 1. */
  readonly signings: Map<string, number>;
  readonly items: Map<string, Record<string, unknown>>;
  readonly stockMovements: Record<string, unknown>[];
  readonly stockMasters: Record<string, unknown>[];
  /** Answers after this many milliseconds. */
  delayMs: number;
  /** The next n requests to these paths are accepted and acted on, but never answered. */
  hang(path: string, times?: number): void;
  /** The next n requests to this path are refused with this result code (nothing is kept). */
  refuse(path: string, resultCd: string, resultMsg: string, times?: number): void;
  /** A device KRA has registered (selectInitOsdcInfo succeeds for it once). */
  registerDevice(tin: string, bhfId: string, dvcSrlNo: string): void;
  /** The cmcKey a device was given (for tests that grep logs and responses for it). */
  cmcKeyOf(tin: string, bhfId: string): string | null;
  sale(tin: string, bhfId: string, invcNo: number): FakeEtimsSale | undefined;
  /** Closes the port (connections refused) until start(). */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startFakeEtims(options: { port?: number } = {}): Promise<FakeEtims> {
  const devices = new Map<string, Device>();
  const registered = new Map<string, string>();
  const sales = new Map<string, FakeEtimsSale>();
  const signings = new Map<string, number>();
  const items = new Map<string, Record<string, unknown>>();
  const stockMovements: Record<string, unknown>[] = [];
  const stockMasters: Record<string, unknown>[] = [];
  const requests: FakeEtimsRequest[] = [];
  const hangs = new Map<string, number>();
  const refusals = new Map<string, { resultCd: string; resultMsg: string; times: number }>();
  const sockets = new Set<Socket>();
  const keyOf = (tin: string, bhfId: string) => `${tin}:${bhfId}`;

  const answer = (resultCd: string, resultMsg: string, data: unknown = null) => ({ resultCd, resultMsg, resultDt: kenyaNow(), data });

  function deviceOf(headers: IncomingMessage['headers']): Device | { error: ReturnType<typeof answer> } {
    const tin = headers.tin;
    const bhfId = headers.bhfid;
    const cmcKey = headers.cmckey;
    if (typeof tin !== 'string' || typeof bhfId !== 'string' || typeof cmcKey !== 'string' || !cmcKey) return { error: answer('900', 'There is no Header information') };
    const device = devices.get(keyOf(tin, bhfId));
    if (!device || device.cmcKey !== cmcKey) return { error: answer('901', 'It is not valid device') };
    return device;
  }

  function handle(path: string, headers: IncomingMessage['headers'], body: Record<string, unknown> | null) {
    if (!body) return answer('911', 'There is no request full text');
    if (path === 'selectInitOsdcInfo') {
      const key = keyOf(String(body.tin), String(body.bhfId));
      if (registered.get(key) !== body.dvcSrlNo) return answer('901', 'It is not valid device');
      if (devices.has(key)) return answer('902', 'This device is installed');
      const serial = String(devices.size + 1).padStart(6, '0');
      const device: Device = { tin: String(body.tin), bhfId: String(body.bhfId), dvcSrlNo: String(body.dvcSrlNo), cmcKey: randomBytes(16).toString('hex'), sdcId: `KRACU0${serial}`, mrcNo: `WIS0${serial}`, receipts: 0 };
      devices.set(key, device);
      return answer('000', 'It is succeeded', {
        info: { tin: device.tin, taxprNm: 'Test Taxpayer', bsnsActv: 'business', bhfId: device.bhfId, bhfNm: 'Headquater', dvcId: `99999${serial}`, sdcId: device.sdcId, mrcNo: device.mrcNo, cmcKey: device.cmcKey },
      });
    }
    const device = deviceOf(headers);
    if ('error' in device) return device.error;
    switch (path) {
      case 'selectCodeList':
        return answer('000', 'It is succeeded', {
          clsList: [
            { cdCls: '04', cdClsNm: 'Taxation Type', dtlList: [{ cd: 'A', cdNm: 'A-Exempt', srtOrd: 1, useYn: 'Y', userDfnCd1: '0' }, { cd: 'B', cdNm: 'B-16.00%', srtOrd: 2, useYn: 'Y', userDfnCd1: '16' }] },
            { cdCls: '17', cdClsNm: 'Packing Unit', dtlList: [{ cd: 'NT', cdNm: 'NET', srtOrd: 1, useYn: 'Y' }, { cd: 'BG', cdNm: 'Bag', srtOrd: 2, useYn: 'Y' }] },
            { cdCls: '10', cdClsNm: 'Quantity Unit', dtlList: [{ cd: 'U', cdNm: 'Pieces/item [Number]', srtOrd: 1, useYn: 'Y' }, { cd: 'KG', cdNm: 'Kilo-Gramme', srtOrd: 2, useYn: 'Y' }] },
          ],
        });
      case 'selectItemClsList':
        return answer('000', 'It is succeeded', {
          itemClsList: [
            { itemClsCd: '5059690800', itemClsNm: 'Sugar', itemClsLvl: 5, taxTyCd: 'B', mjrTgYn: 'N', useYn: 'Y' },
            { itemClsCd: '5010150100', itemClsNm: 'Maize flour', itemClsLvl: 5, taxTyCd: 'A', mjrTgYn: 'N', useYn: 'Y' },
            { itemClsCd: '5020220300', itemClsNm: 'Bottled water', itemClsLvl: 5, taxTyCd: 'B', mjrTgYn: 'N', useYn: 'Y' },
          ],
        });
      case 'saveItem':
        if (typeof body.itemCd !== 'string' || typeof body.itemClsCd !== 'string' || typeof body.taxTyCd !== 'string') return answer('910', 'Request parameter error');
        items.set(`${keyOf(device.tin, device.bhfId)}:${body.itemCd}`, body);
        return answer('000', 'It is succeeded');
      case 'saveTrnsSalesOsdc': {
        const missing = SALE_REQUIRED.filter((field) => body[field] === undefined || body[field] === null);
        if (missing.length > 0 || !Number.isInteger(body.invcNo)) return answer('910', `Request parameter error [${missing.join(', ')}]`);
        const invoiceKey = `${keyOf(device.tin, device.bhfId)}:${body.invcNo}`;
        if (sales.has(invoiceKey)) return answer('994', 'There is an overlapped Data');
        device.receipts += 1;
        const signature = {
          curRcptNo: device.receipts,
          totRcptNo: device.receipts,
          intrlData: letters(`${invoiceKey}:data`, 26),
          rcptSign: letters(`${invoiceKey}:sign`, 16),
          sdcDateTime: kenyaNow(),
        };
        sales.set(invoiceKey, { tin: device.tin, bhfId: device.bhfId, invcNo: Number(body.invcNo), body, signature });
        signings.set(invoiceKey, (signings.get(invoiceKey) ?? 0) + 1);
        return answer('000', 'It is succeeded', signature);
      }
      case 'selectInvoiceDetails': {
        const sale = sales.get(`${keyOf(device.tin, device.bhfId)}:${body.invcNo}`);
        return sale ? answer('000', 'It is succeeded', sale.signature) : answer('001', 'There is no search result');
      }
      case 'insertStockIO':
        stockMovements.push(body);
        return answer('000', 'It is succeeded');
      case 'saveStockMaster':
        stockMasters.push(body);
        return answer('000', 'It is succeeded');
      default:
        return answer('912', 'There is a request Method error');
    }
  }

  async function onRequest(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    // The function is the last segment: KRA's hosts serve them under a prefix (/etims-api/…).
    const path = (request.url ?? '/').split('?')[0]!.split('/').pop()!;
    let body: Record<string, unknown> | null;
    try {
      const text = Buffer.concat(chunks).toString('utf8');
      body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
    } catch {
      body = null;
    }
    requests.push({ path, headers: request.headers, body });
    const refusal = refusals.get(path);
    let reply;
    if (refusal && refusal.times > 0) {
      refusal.times -= 1;
      reply = answer(refusal.resultCd, refusal.resultMsg);
    } else {
      reply = handle(path, request.headers, body);
    }
    const hanging = hangs.get(path) ?? 0;
    if (hanging > 0) {
      hangs.set(path, hanging - 1);
      return; // acted on, never answered: the caller's outcome is unknown
    }
    if (fake.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(reply));
  }

  let server: Server | null = null;
  let port = options.port ?? 0;
  async function listen() {
    server = createServer((request, response) => void onRequest(request, response));
    server.on('connection', (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  }
  async function shut() {
    if (!server) return;
    const closing = new Promise<void>((resolve) => server!.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closing;
    server = null;
  }

  await listen();
  const fake: FakeEtims = {
    get url() {
      return `http://127.0.0.1:${port}`;
    },
    requests,
    sales,
    signings,
    items,
    stockMovements,
    stockMasters,
    delayMs: 0,
    hang(path, times = 1) {
      hangs.set(path, (hangs.get(path) ?? 0) + times);
    },
    refuse(path, resultCd, resultMsg, times = 1) {
      refusals.set(path, { resultCd, resultMsg, times });
    },
    registerDevice(tin, bhfId, dvcSrlNo) {
      registered.set(keyOf(tin, bhfId), dvcSrlNo);
    },
    cmcKeyOf: (tin, bhfId) => devices.get(keyOf(tin, bhfId))?.cmcKey ?? null,
    sale: (tin, bhfId, invcNo) => sales.get(`${keyOf(tin, bhfId)}:${invcNo}`),
    stop: shut,
    start: listen,
    close: shut,
  };
  return fake;
}
