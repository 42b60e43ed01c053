// The addresses the browser suite's server is started with for the providers' sandboxes
// (tests/e2e/global-setup.ts, .ci/run): an e2e file that needs KRA eTIMS or Safaricom Daraja starts
// the local fake server (tests/support/fake-etims.ts, fake-daraja.ts) on these ports, and stops it to
// play the provider being unreachable.
export const FAKE_ETIMS_PORT = 47910;
export const FAKE_DARAJA_PORT = 47911;
export const FAKE_ETIMS_URL = `http://127.0.0.1:${FAKE_ETIMS_PORT}/etims-api`;
export const FAKE_DARAJA_URL = `http://127.0.0.1:${FAKE_DARAJA_PORT}`;
// The name server custom domains' TXT records are looked up at (DNS_RESOLVER): tests/support/fake-dns-server.ts over UDP.
export const FAKE_DNS_PORT = 47912;
export const FAKE_DNS_RESOLVER = `127.0.0.1:${FAKE_DNS_PORT}`;
