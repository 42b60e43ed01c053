import { createHmac, randomBytes } from 'node:crypto';
import { etimsDateTime } from '../../core/etims/etims.rules';

// The KRA eTIMS OSCU client (issue 19). Every call is a POST of JSON to <base>/<function> with the
// taxpayer's PIN, branch and communication key in the headers tin, bhfId and cmcKey; KRA answers
// { resultCd, resultMsg, resultDt, data }: "000" succeeded, "001" no search result, 9xx refused
// (paybillke/kra-etims-oscu-docs: api-reference, code-definition/api-response-code). A refusal is
// returned as a result; only a call whose outcome is unknown (timeout, connection lost, a reply that
// is not KRA's envelope) throws, so the caller asks KRA before sending a sale again.

export interface EtimsResult<T> {
  resultCd: string;
  resultMsg: string;
  resultDt: string | null;
  data: T | null;
}

export const ETIMS_OK = '000';
export const ETIMS_NO_RESULT = '001';
/** "There is an overlapped Data": what KRA answers to an invoice number it already holds. */
export const ETIMS_DUPLICATE = '994';

export interface EtimsDeviceIdentity {
  tin: string;
  bhfId: string;
}

export interface EtimsInitInfo {
  tin: string;
  taxprNm: string | null;
  bhfId: string;
  sdcId: string;
  mrcNo: string;
  cmcKey: string;
}

export interface EtimsSignature {
  curRcptNo: number;
  totRcptNo: number;
  intrlData: string;
  rcptSign: string;
  sdcDateTime: string;
}

export interface EtimsItemClass {
  itemClsCd: string;
  itemClsNm: string;
  itemClsLvl: number;
  taxTyCd: string | null;
  mjrTgYn: string | null;
  useYn: string | null;
}

export interface EtimsCodeClass {
  cdCls: string;
  cdClsNm: string;
  dtlList: { cd: string; cdNm: string; srtOrd: number | null; useYn: string | null }[];
}

/** What the outbox worker and the settings need from a control unit: KRA's over HTTP, or the simulated one. */
export interface EtimsApi {
  selectInitOsdcInfo(request: EtimsDeviceIdentity & { dvcSrlNo: string }, signal?: AbortSignal): Promise<EtimsResult<{ info: EtimsInitInfo }>>;
  selectCodeList(device: EtimsDevice, lastReqDt: string, signal?: AbortSignal): Promise<EtimsResult<{ clsList: EtimsCodeClass[] }>>;
  selectItemClsList(device: EtimsDevice, lastReqDt: string, signal?: AbortSignal): Promise<EtimsResult<{ itemClsList: EtimsItemClass[] }>>;
  saveItem(device: EtimsDevice, item: Record<string, unknown>, signal?: AbortSignal): Promise<EtimsResult<null>>;
  saveTrnsSalesOsdc(device: EtimsDevice, sale: Record<string, unknown>, signal?: AbortSignal): Promise<EtimsResult<EtimsSignature>>;
  /** Whether KRA holds an invoice number, with its signature: asked before any resend of a sale in doubt. */
  selectInvoiceDetails(device: EtimsDevice, invcNo: number, signal?: AbortSignal): Promise<EtimsResult<EtimsSignature>>;
  insertStockIO(device: EtimsDevice, movement: Record<string, unknown>, signal?: AbortSignal): Promise<EtimsResult<null>>;
  saveStockMaster(device: EtimsDevice, stock: Record<string, unknown>, signal?: AbortSignal): Promise<EtimsResult<null>>;
}

export interface EtimsDevice extends EtimsDeviceIdentity {
  cmcKey: string;
}

/** The call's outcome is unknown: it may or may not have reached KRA. */
export class EtimsUnknownOutcomeError extends Error {
  constructor(
    readonly reason: 'timeout' | 'network' | 'bad_reply',
    message: string,
  ) {
    super(message);
    this.name = 'EtimsUnknownOutcomeError';
  }
}

export interface EtimsHttpOptions {
  baseUrl: string;
  /** Per call; KRA's sandbox answers in a second or two, a sale is retried by the outbox anyway. */
  timeoutMs?: number;
}

export function createEtimsHttpClient({ baseUrl, timeoutMs = 20_000 }: EtimsHttpOptions): EtimsApi {
  const base = baseUrl.replace(/\/+$/, '');

  async function call<T>(path: string, headers: Record<string, string>, body: unknown, signal?: AbortSignal): Promise<EtimsResult<T>> {
    const timeout = AbortSignal.timeout(timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${base}/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
        body: JSON.stringify(body),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      text = await response.text();
    } catch (error) {
      if (timeout.aborted) throw new EtimsUnknownOutcomeError('timeout', `eTIMS ${path}: no answer within ${timeoutMs} ms`);
      if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new EtimsUnknownOutcomeError('network', `eTIMS ${path}: aborted`);
      // The message only: a cause could carry the request, and its headers carry the key.
      throw new EtimsUnknownOutcomeError('network', `eTIMS ${path}: ${error instanceof Error ? error.message : 'connection failed'}`);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new EtimsUnknownOutcomeError('bad_reply', `eTIMS ${path}: HTTP ${response.status} without KRA's answer`);
    }
    if (!parsed || typeof parsed !== 'object' || typeof (parsed as { resultCd?: unknown }).resultCd !== 'string') {
      throw new EtimsUnknownOutcomeError('bad_reply', `eTIMS ${path}: HTTP ${response.status} without a result code`);
    }
    const envelope = parsed as { resultCd: string; resultMsg?: unknown; resultDt?: unknown; data?: unknown };
    return {
      resultCd: envelope.resultCd,
      resultMsg: typeof envelope.resultMsg === 'string' ? envelope.resultMsg : '',
      resultDt: typeof envelope.resultDt === 'string' ? envelope.resultDt : null,
      data: (envelope.data ?? null) as T | null,
    };
  }

  const deviceHeaders = (device: EtimsDevice) => ({ tin: device.tin, bhfId: device.bhfId, cmcKey: device.cmcKey });

  return {
    selectInitOsdcInfo: (request, signal) => call('selectInitOsdcInfo', { tin: request.tin, bhfId: request.bhfId }, request, signal),
    selectCodeList: (device, lastReqDt, signal) => call('selectCodeList', deviceHeaders(device), { lastReqDt }, signal),
    selectItemClsList: (device, lastReqDt, signal) => call('selectItemClsList', deviceHeaders(device), { lastReqDt }, signal),
    saveItem: (device, item, signal) => call('saveItem', deviceHeaders(device), item, signal),
    saveTrnsSalesOsdc: (device, sale, signal) => call('saveTrnsSalesOsdc', deviceHeaders(device), sale, signal),
    selectInvoiceDetails: (device, invcNo, signal) => call('selectInvoiceDetails', deviceHeaders(device), { invcNo }, signal),
    insertStockIO: (device, movement, signal) => call('insertStockIO', deviceHeaders(device), movement, signal),
    saveStockMaster: (device, stock, signal) => call('saveStockMaster', deviceHeaders(device), stock, signal),
  };
}

const SIMULATED_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Base-32 letters of an HMAC: a signature-shaped value that is the same every time for one invoice. */
function simulatedCode(key: string, input: string, length: number): string {
  const digest = createHmac('sha256', key).update(input).digest();
  return Array.from(digest.subarray(0, length), (byte) => SIMULATED_ALPHABET[byte % 32]).join('');
}

/**
 * The simulated control unit (environment "simulated"): no KRA credentials needed, so the demo and
 * offline tests show a signed block, labelled on the receipt as not a tax invoice. It signs an
 * invoice number the same way every time, so a resend gives the same receipt.
 */
export function createSimulatedControlUnit(): EtimsApi {
  const ok = <T>(data: T): EtimsResult<T> => ({ resultCd: ETIMS_OK, resultMsg: 'It is succeeded', resultDt: etimsDateTime(new Date()), data });
  const sign = (device: EtimsDevice, invcNo: number): EtimsSignature => ({
    curRcptNo: invcNo,
    totRcptNo: invcNo,
    intrlData: simulatedCode(device.cmcKey, `${device.tin}:${device.bhfId}:${invcNo}:data`, 26),
    rcptSign: simulatedCode(device.cmcKey, `${device.tin}:${device.bhfId}:${invcNo}:sign`, 16),
    sdcDateTime: etimsDateTime(new Date()),
  });
  return {
    async selectInitOsdcInfo(request) {
      const digest = createHmac('sha256', 'dukani-simulated').update(`${request.tin}:${request.bhfId}:${request.dvcSrlNo}`).digest();
      const serial = String(digest.readUInt32BE(0) % 10_000_000).padStart(7, '0');
      return ok({ info: { tin: request.tin, taxprNm: null, bhfId: request.bhfId, sdcId: `SIMCU${serial}`, mrcNo: `SIM${serial}`, cmcKey: randomBytes(16).toString('hex') } });
    },
    selectCodeList: async () => ok({ clsList: [] }),
    selectItemClsList: async () => ok({ itemClsList: [] }),
    saveItem: async () => ok(null),
    saveTrnsSalesOsdc: async (device, sale) => ok(sign(device, Number(sale.invcNo))),
    // Never "received": a document in doubt is simply signed again, to the same values.
    selectInvoiceDetails: async () => ({ resultCd: ETIMS_NO_RESULT, resultMsg: 'There is no search result', resultDt: etimsDateTime(new Date()), data: null }),
    insertStockIO: async () => ok(null),
    saveStockMaster: async () => ok(null),
  };
}
