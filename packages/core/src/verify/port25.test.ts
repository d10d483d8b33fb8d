import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScriptedSmtp, startScriptedSmtp } from '../../testing/verify/scripted-smtp.js';
import { checkOutboundPort25 } from './port25.js';

let server: ScriptedSmtp;
let closedPort: number;

beforeAll(async () => {
  server = await startScriptedSmtp();
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
});
afterAll(async () => server?.close());

describe('checkOutboundPort25', () => {
  it('says the port is open when a server greets us', async () => {
    const check = await checkOutboundPort25({
      targets: [`127.0.0.1:${closedPort}`, `127.0.0.1:${server.port}`],
      timeoutMs: 500,
    });
    expect(check.open).toBe(true);
    expect(check.message).toContain('answered 220');
  });

  it('says clearly when nothing answers', async () => {
    const check = await checkOutboundPort25({ targets: [`127.0.0.1:${closedPort}`], timeoutMs: 500 });
    expect(check.open).toBe(false);
    expect(check.message).toMatch(/port 25 looks blocked/);
    expect(check.message).toContain(`127.0.0.1:${closedPort}`);
  });
});
