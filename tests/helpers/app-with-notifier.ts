// The app and its notification worker in the test's process, on a free local port, for the notification
// tests that start the server again with other settings (tests/notify*.test.ts).
import type { Config } from '../../server/config.ts';
import { createApp } from '../../web/app.ts';
import { startNotifier, type NotifierOptions } from '../../notify/worker.ts';
import { listenLocally } from './listen.ts';

/** Starts both; `stop` closes the open connections, the server, the worker and the app, in that order. */
export async function startAppWithNotifier(config: Config, slackResponseOrigin: string, notify: NotifierOptions) {
  const { app, close } = await createApp(config, { ssr: false, slackResponseOrigin });
  const notifier = startNotifier(config, notify);
  const { server, url } = await listenLocally(app);
  return {
    url,
    notifier,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await notifier.stop();
      await close();
    },
  };
}
