import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';

/** A TCP port on 127.0.0.1 nothing listens on now (for a child process that must be told its port). */
export async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as AddressInfo;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}
