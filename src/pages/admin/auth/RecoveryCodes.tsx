// The recovery codes shown once after they are made, with Copy and Download (a text file), and the
// button that says they were saved; the caller decides what "Done" does.
import { useState } from 'react';
import { primaryButton, secondaryButton } from '../../../components/ui.tsx';

const fileText = (codes: string[]) =>
  `Recovery codes for the Insurance Broker Console\nEach code signs you in once if you lose your second factor.\n\n${codes.join('\n')}\n`;

export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [status, setStatus] = useState<string | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setStatus('Copied to the clipboard.');
    } catch {
      setStatus('Copying is not allowed here: select the codes or download them.');
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([fileText(codes)], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'recovery-codes.txt';
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    setStatus('Downloaded as recovery-codes.txt.');
  };
  return (
    <section aria-label="Recovery codes" className="space-y-3">
      <p className="text-sm text-slate-700">
        Save these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They are not shown again.
      </p>
      <ul className="grid grid-cols-1 gap-2 rounded-lg bg-slate-100 p-3 font-mono text-sm sm:grid-cols-2">
        {codes.map((c) => (
          <li key={c} className="break-all">
            {c}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={secondaryButton} onClick={() => void copy()}>
          Copy
        </button>
        <button type="button" className={secondaryButton} onClick={download}>
          Download
        </button>
      </div>
      <p role="status" className="text-sm text-slate-700">
        {status}
      </p>
      <button type="button" className={primaryButton} onClick={onDone}>
        I saved my recovery codes
      </button>
    </section>
  );
}
