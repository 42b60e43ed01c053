import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleSaleRequest, startFakeEtims, type FakeEtims } from '../../tests/support/fake-etims';
import { createEtimsHttpClient, createSimulatedControlUnit, EtimsUnknownOutcomeError, type EtimsDevice } from './etims.client';

// The real client against a local fake of KRA's OSCU API (tests/support/fake-etims.ts).

const TIN = 'P051234567X';

const saleBody = sampleSaleRequest;

describe('the OSCU client against the fake KRA server', () => {
  let fake: FakeEtims;
  let device: EtimsDevice;

  beforeAll(async () => {
    fake = await startFakeEtims();
    fake.registerDevice(TIN, '00', 'dvcv1130');
  });
  afterAll(() => fake.close());

  it('initialises a registered device once (000 with the key, then 902), refuses an unknown one (901)', async () => {
    const client = createEtimsHttpClient({ baseUrl: fake.url });
    expect((await client.selectInitOsdcInfo({ tin: TIN, bhfId: '01', dvcSrlNo: 'other' })).resultCd).toBe('901');
    const first = await client.selectInitOsdcInfo({ tin: TIN, bhfId: '00', dvcSrlNo: 'dvcv1130' });
    expect(first.resultCd).toBe('000');
    expect(first.data?.info).toMatchObject({ tin: TIN, bhfId: '00', sdcId: expect.stringMatching(/^KRACU/), mrcNo: expect.any(String) });
    expect(first.data?.info.cmcKey).toBe(fake.cmcKeyOf(TIN, '00'));
    const again = await client.selectInitOsdcInfo({ tin: TIN, bhfId: '00', dvcSrlNo: 'dvcv1130' });
    expect(again).toMatchObject({ resultCd: '902', data: null });
    device = { tin: TIN, bhfId: '00', cmcKey: first.data!.info.cmcKey };
    expect(fake.requests.at(-1)?.headers).toMatchObject({ tin: TIN, bhfid: '00' });
  });

  it('sends the device in the headers; a wrong key is refused (901)', async () => {
    const client = createEtimsHttpClient({ baseUrl: fake.url });
    expect((await client.selectCodeList({ ...device, cmcKey: 'wrong' }, '20180520000000')).resultCd).toBe('901');
    const codes = await client.selectCodeList(device, '20180520000000');
    expect(codes.resultCd).toBe('000');
    expect(fake.requests.at(-1)?.headers).toMatchObject({ tin: TIN, bhfid: '00', cmckey: device.cmcKey });
    const classes = await client.selectItemClsList(device, '20180523000000');
    expect(classes.data?.itemClsList.map((row) => row.itemClsCd)).toContain('5059690800');
  });

  it('signs a sale (000), answers a replay of its invoice number 994, and finds it by number', async () => {
    const client = createEtimsHttpClient({ baseUrl: fake.url });
    const signed = await client.saveTrnsSalesOsdc(device, saleBody(1));
    expect(signed.resultCd).toBe('000');
    expect(signed.data).toMatchObject({ curRcptNo: 1, totRcptNo: 1, rcptSign: expect.stringMatching(/^[A-Z2-7]{16}$/) });
    expect((await client.saveTrnsSalesOsdc(device, saleBody(1))).resultCd).toBe('994');
    expect(fake.signings.get(`${TIN}:00:1`)).toBe(1);
    expect((await client.selectInvoiceDetails(device, 1)).data).toEqual(signed.data);
    expect((await client.selectInvoiceDetails(device, 2)).resultCd).toBe('001');
  });

  it('returns KRA’s refusals as results: a missing band field (910), an error code with its text', async () => {
    const client = createEtimsHttpClient({ baseUrl: fake.url });
    const { taxAmtD: _dropped, ...withoutD } = saleBody(5);
    const refused = await client.saveTrnsSalesOsdc(device, withoutD);
    expect(refused.resultCd).toBe('910');
    expect(refused.resultMsg).toContain('taxAmtD');
    fake.refuse('saveTrnsSalesOsdc', '999', 'There is an unknown error. Please ask the administrator');
    expect(await client.saveTrnsSalesOsdc(device, saleBody(5))).toMatchObject({ resultCd: '999', resultMsg: 'There is an unknown error. Please ask the administrator' });
    expect(fake.sale(TIN, '00', 5)).toBeUndefined();
  });

  it('a timeout is an unknown outcome; the status check then shows KRA received it', async () => {
    const client = createEtimsHttpClient({ baseUrl: fake.url, timeoutMs: 200 });
    fake.hang('saveTrnsSalesOsdc');
    const error = await client.saveTrnsSalesOsdc(device, saleBody(6)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EtimsUnknownOutcomeError);
    expect((error as EtimsUnknownOutcomeError).reason).toBe('timeout');
    const found = await client.selectInvoiceDetails(device, 6);
    expect(found.resultCd).toBe('000');
    expect(fake.signings.get(`${TIN}:00:6`)).toBe(1);
  });

  it('a stopped server is an unknown outcome too, and the client works again once it is back', async () => {
    const client = createEtimsHttpClient({ baseUrl: fake.url, timeoutMs: 1000 });
    await fake.stop();
    const error = await client.saveTrnsSalesOsdc(device, saleBody(7)).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'EtimsUnknownOutcomeError', reason: 'network' });
    await fake.start();
    expect((await client.saveTrnsSalesOsdc(device, saleBody(7))).resultCd).toBe('000');
  });
});

describe('the simulated control unit', () => {
  it('signs an invoice number the same way every time and never reports one as received', async () => {
    const unit = createSimulatedControlUnit();
    const init = await unit.selectInitOsdcInfo({ tin: TIN, bhfId: '00', dvcSrlNo: 'demo' });
    const device = { tin: TIN, bhfId: '00', cmcKey: init.data!.info.cmcKey };
    const first = await unit.saveTrnsSalesOsdc(device, saleBody(3));
    const again = await unit.saveTrnsSalesOsdc(device, saleBody(3));
    expect(first.data?.rcptSign).toBe(again.data?.rcptSign);
    expect(first.data).toMatchObject({ curRcptNo: 3, intrlData: expect.stringMatching(/^[A-Z2-7]{26}$/) });
    expect((await unit.selectInvoiceDetails(device, 3)).resultCd).toBe('001');
  });
});
