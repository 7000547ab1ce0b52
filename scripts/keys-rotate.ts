// `npm run keys:rotate`: re-encrypts every medical detail, note, authenticator secret and sealed reason (do-not-contact, medical
// reads: models/flows/walk-sealed-fields.ts) under a new data key while the server runs. With a key file: a new key is
// put first in its ring (running servers re-read the file and encrypt with it within a moment), every
// value is re-encrypted, and once no value uses the old key it moves to `retired` (kept only to restore
// older backups). With DATA_ENCRYPTION_KEY: set the new key there and the old one in
// DATA_ENCRYPTION_OLD_KEYS, restart the servers, then run this.
// Interrupted, it is simply run again. The rotation is written to the audit log.
import { hostname, userInfo } from 'node:os';
import { withDatabase } from './cli-db.ts';
import { countStale, walkSealedFields } from '../models/flows/walk-sealed-fields.ts';
import { recordAudit } from '../models/audit/log.ts';
import { configureDataKeys, currentKey } from '../server/field-crypto.ts';
import { keyId, newDataKey, parseDataKey, readKeyFile, writeKeyFile } from '../server/key-file.ts';

/** When an old key may be dropped (README: "When a retired key may be dropped"). */
const RETIRED_KEYS_NOTE = [
  'Keep every older key while either of these holds:',
  '  - a backup made before this rotation is kept (a restore needs the key it was made with);',
  '  - do-not-contact entries were made under it (they are looked up under every key and never re-hashed:',
  '    dropping the key would let those people be contacted again).',
].join('\n');

/** How long running servers get to notice a changed key file (they look at most every 200 ms). */
const GRACE_MS = Number(process.env.KEYS_ROTATE_GRACE_MS || 2000);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Passes until one changes nothing, then (after the grace, for saves in flight) checks none is left. */
async function reencryptAll(): Promise<number> {
  let total = 0;
  for (;;) {
    let changed: number;
    while ((changed = await walkSealedFields('rotate')) > 0) total += changed;
    await sleep(GRACE_MS);
    if ((await countStale()) === 0) return total;
  }
}

await withDatabase(async (config) => {
  const source = config.keySource;
  let retiredKids: string[] = [];
  if (source.kind === 'file') {
    const content = readKeyFile(source.file);
    // A ring of more than one key is a rotation that did not finish: finish it with its new key.
    if (content.dataKeys.length === 1) {
      writeKeyFile(source.file, { ...content, dataKeys: [newDataKey(), ...content.dataKeys] });
      configureDataKeys(source);
      await sleep(GRACE_MS);
    }
  }
  const kid = currentKey().kid;
  console.log(`Re-encrypting every value under key ${kid}...`);
  const changed = await reencryptAll();
  if (source.kind === 'file') {
    const content = readKeyFile(source.file);
    const [current, ...old] = content.dataKeys;
    retiredKids = old.map((k) => keyId(parseDataKey(k, 'old key').key));
    writeKeyFile(source.file, { ...content, dataKeys: [current!], retired: [...(content.retired ?? []), ...old] });
    console.log(`Done: ${changed} values re-encrypted. Key file ${source.file} now encrypts with ${kid} only;`);
    console.log(`the old key${old.length === 1 ? '' : 's'} (${retiredKids.join(', ')}) stay under "retired".`);
  } else {
    console.log(`Done: ${changed} values re-encrypted under ${kid}.`);
  }
  console.log(`No stored encrypted value needs a key other than ${kid} any more.`);
  console.log(RETIRED_KEYS_NOTE);
  const who = `${userInfo().username}@${hostname()}`;
  await recordAudit(
    { id: 'keys:rotate', name: 'npm run keys:rotate', email: who },
    {
      action: 'DATA_KEYS_ROTATED',
      detail: `${changed} values re-encrypted under key ${kid}${retiredKids.length ? `; retired ${retiredKids.join(', ')}` : ''}`,
    },
  );
});
