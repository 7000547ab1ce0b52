// Server-rendered HTML for compliance: the page shell (no JavaScript, printable) and a signed record's
// printable page, used by the signing confirmation and the audit export (docs/compliance.md).
import { COMPLIANCE_TYPE_LABELS, SOA_PRODUCT_LABELS, type ComplianceRecordView, type Language } from '../../schemas/compliance.ts';

export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `body{font-family:Arial,Helvetica,sans-serif;color:#1f2937;margin:0;background:#f8fafc;line-height:1.5}
main{max-width:760px;margin:0 auto;padding:24px 16px;background:#fff;min-height:100vh;box-sizing:border-box}
h1{font-size:1.4rem;margin:0 0 12px}.text{white-space:pre-wrap;border:1px solid #cbd5e1;border-radius:6px;padding:16px;margin:16px 0;font-size:1rem}
label{display:block;margin:12px 0 4px;font-weight:600}input[type=text]{width:100%;max-width:420px;font-size:1rem;padding:10px;border:1px solid #94a3b8;border-radius:6px;box-sizing:border-box}
.check{display:flex;gap:8px;align-items:flex-start;font-weight:400}.check input{width:22px;height:22px;margin:0}
button{margin-top:16px;font-size:1rem;padding:12px 20px;border:0;border-radius:6px;background:#1d4ed8;color:#fff;cursor:pointer}
.lang{float:right;font-size:.95rem}.error{color:#b91c1c;font-weight:600}dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 12px}dt{font-weight:600}
@media print{.lang,.noprint{display:none}body,main{background:#fff}}`;

/** A whole page: no script, so it works with JavaScript off; `noindex` keeps search engines away. */
export function pageHtml(title: string, body: string, lang: Language = 'en'): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${esc(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

const WORDS = {
  en: {
    signedBy: 'Signed by',
    signedAt: 'Signed at',
    person: 'Person',
    agent: 'Agent',
    agency: 'Agency',
    products: 'Products',
    appointment: 'Appointment date',
    version: 'Text version',
    language: 'Language',
    method: 'Captured by',
    reference: 'Reference',
    system: 'Recording system',
    paper: 'Paper form',
    address: 'IP address',
    browser: 'Browser',
    hash: 'Text hash (SHA-256)',
    kind: 'Record',
    keep: 'Kept until',
    print: 'Print or save this page for your records.',
  },
  es: {
    signedBy: 'Firmado por',
    signedAt: 'Firmado el',
    person: 'Persona',
    agent: 'Agente',
    agency: 'Agencia',
    products: 'Productos',
    appointment: 'Fecha de la cita',
    version: 'Versión del texto',
    language: 'Idioma',
    method: 'Capturado por',
    reference: 'Referencia',
    system: 'Sistema de grabación',
    paper: 'Formulario en papel',
    address: 'Dirección IP',
    browser: 'Navegador',
    hash: 'Huella del texto (SHA-256)',
    kind: 'Registro',
    keep: 'Se conserva hasta',
    print: 'Imprima o guarde esta página para sus archivos.',
  },
} as const;

const METHOD = { 'signed-link': 'Signed link', 'recorded-call': 'Recorded call', paper: 'Paper form' } as const;

/** The body of a record's printable page: the exact text as signed, then the signature's facts. */
/** `paperFile`: where the uploaded paper form is (in an export, its path in the ZIP). */
export function recordBody(r: ComplianceRecordView, lang: Language = r.language, paperFile = ''): string {
  const w = WORDS[lang];
  const rows: [string, string][] = [
    [w.kind, `${COMPLIANCE_TYPE_LABELS[r.type]} (${r.kind}${r.amends ? ` of ${r.amends}` : ''})`],
    [w.person, r.personName],
    [w.signedBy, r.signerName],
    [w.signedAt, r.signedAt.toISOString()],
    [w.agent, r.agentName],
    [w.agency, r.agencyName],
    ...(r.type === 'medicare-soa'
      ? ([
          [w.products, r.products.map((p) => SOA_PRODUCT_LABELS[p][lang]).join('; ')],
          [w.appointment, r.appointmentDate ?? ''],
        ] as [string, string][])
      : []),
    [w.version, String(r.textVersion)],
    [w.language, r.language === 'es' ? 'Español' : 'English'],
    [w.method, METHOD[r.captureMethod]],
    ...(r.recordingSystem ? ([[w.system, r.recordingSystem]] as [string, string][]) : []),
    ...(r.captureMethod === 'signed-link' ? [] : ([[w.reference, r.reference]] as [string, string][])),
    ...(paperFile ? ([[w.paper, paperFile]] as [string, string][]) : []),
    ...(r.ip ? ([[w.address, r.ip]] as [string, string][]) : []),
    ...(r.userAgent ? ([[w.browser, r.userAgent]] as [string, string][]) : []),
    [w.hash, r.textHash],
    [w.keep, r.keepUntil.toISOString().slice(0, 10)],
    ...(r.note ? ([['Note', r.note]] as [string, string][]) : []),
  ];
  return `<h1>${esc(COMPLIANCE_TYPE_LABELS[r.type])}</h1><div class="text" data-testid="signed-text">${esc(r.text)}</div><dl>${rows
    .map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`)
    .join('')}</dl><p class="noprint">${esc(w.print)}</p>`;
}

export const recordPage = (r: ComplianceRecordView, paperFile = '') =>
  pageHtml(`${COMPLIANCE_TYPE_LABELS[r.type]} – ${r.recordId}`, recordBody(r, r.language, paperFile), r.language);
