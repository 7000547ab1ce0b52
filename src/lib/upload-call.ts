// A call to a REST route that takes a file (the customer import, the commission statement import): the
// file goes as text/csv, which the tRPC transport's 100 kB body limit would not take; a refusal throws the
// server's error text with its status.
export class ImportCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function call<T>(url: string, init: RequestInit, token: string): Promise<T> {
  const res = await fetch(url, { ...init, headers: { ...init.headers, Authorization: `Bearer ${token}` } });
  const body = (await res.json().catch(() => null)) as { error?: string } | null;
  if (!res.ok) throw new ImportCallError(res.status, body?.error ?? `The import failed (${res.status})`);
  return body as T;
}
