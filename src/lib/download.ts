// Files the console downloads: a Blob saved under a name, and a staff-only file fetched with the
// session's token (CSV exports), where a 401 ends the session as every other staff call does.
import { endSession, getToken } from './session.ts';

/** Saves `file` as `fileName` through a temporary link. */
export function saveFile(fileName: string, file: Blob): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Fetches `url` with the session's token and saves the answer as `fileName`. A 401 ends the session
 * (nothing is saved); any other refusal throws the server's error text, or `failure` without one.
 */
export async function downloadFile(url: string, fileName: string, opts: { adminHosts: string[]; failure: string }): Promise<void> {
  const res = await fetch(url, { headers: { Authorization: `Bearer ${getToken() ?? ''}` } });
  if (res.status === 401) return endSession(opts.adminHosts);
  if (!res.ok) throw new Error(((await res.json().catch(() => null)) as { error?: string } | null)?.error ?? opts.failure);
  saveFile(fileName, await res.blob());
}
