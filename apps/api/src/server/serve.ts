import { buildApp } from '../app.js';
import type { AppConfig } from '../config.js';
import { openDatabase } from '../db/database.js';

/** Serves the console and the API in this process; resolves with the address it listens on. */
export async function serve(config: AppConfig, standalone: boolean): Promise<string> {
  const database = openDatabase(config);
  const app = await buildApp(config, { database });
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'arrêt en cours');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
  if (!standalone) process.on('disconnect', () => void close('disconnect'));
  return app.listen({ port: config.port, host: config.host });
}
