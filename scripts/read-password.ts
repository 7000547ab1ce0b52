// Reads a password from standard input for `npm run staff -- add` without --password, so it never
// shows in `ps` or the shell history: typed at a terminal without echo, or the first line piped in.
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';

/** Reads one line; at a terminal it prints `prompt` and hides what is typed. */
export function readPassword(prompt: string): Promise<string> {
  const tty = Boolean(process.stdin.isTTY);
  if (tty) process.stderr.write(prompt);
  // At a terminal readline echoes into `output`: a sink that drops everything keeps the password off screen.
  const silent = new Writable({ write: (_chunk, _enc, done) => done() });
  const rl = createInterface({ input: process.stdin, output: silent, terminal: tty });
  return new Promise((resolve) => {
    let answered = false;
    rl.once('line', (line) => {
      answered = true;
      rl.close();
      if (tty) process.stderr.write('\n');
      resolve(line);
    });
    rl.once('close', () => {
      if (!answered) resolve('');
    });
  });
}
