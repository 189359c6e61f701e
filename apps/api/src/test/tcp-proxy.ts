import net from 'node:net';

/** A port nobody listens on right now (loopback). */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('Aucun port libre trouvé'))));
    });
  });
}

/**
 * A loopback TCP proxy to a database that the test can freeze: while frozen, no byte moves in
 * either direction and new connections get no answer, like a server that hangs or a network that
 * silently drops packets. Thawing lets everything flow again.
 */
export interface FreezableProxy {
  port: number;
  freeze(): void;
  thaw(): void;
  close(): Promise<void>;
}

export async function startFreezableProxy(target: { host: string; port: number }): Promise<FreezableProxy> {
  let frozen = false;
  const pairs = new Set<[net.Socket, net.Socket]>();
  const held = new Set<net.Socket>();
  const server = net.createServer((client) => {
    client.on('error', () => client.destroy());
    if (frozen) {
      // Accepted by the kernel, never answered.
      held.add(client);
      client.on('close', () => held.delete(client));
      return;
    }
    const upstream = net.connect(target.port, target.host);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    const forget = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', forget);
    upstream.on('close', forget);
    client.on('data', (chunk) => upstream.write(chunk));
    upstream.on('data', (chunk) => client.write(chunk));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    freeze() {
      frozen = true;
      for (const [client, upstream] of pairs) {
        client.pause();
        upstream.pause();
      }
    },
    thaw() {
      frozen = false;
      for (const socket of held) socket.destroy();
      held.clear();
      for (const [client, upstream] of pairs) {
        client.resume();
        upstream.resume();
      }
    },
    async close() {
      for (const [client, upstream] of pairs) {
        client.destroy();
        upstream.destroy();
      }
      for (const socket of held) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
