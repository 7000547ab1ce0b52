// The columns of a statement file and the field each is read as (admins, docs/commissions.md): pre-filled
// from the mapping remembered for the carrier or header row, else from the column names; changing one
// checks the file again, and importing remembers the mapping for the file's carriers.
import { useId } from 'react';
import type { StatementReport } from '../../../../schemas/commissions.ts';
import { NOT_IMPORTED, STATEMENT_FIELDS, STATEMENT_FIELD_LABELS } from '../../../../schemas/commission-upload.ts';
import { inputClass } from '../../../components/ui.tsx';
import type { Columns } from './commissions-client.ts';

const SOURCE_TEXT = {
  given: 'Columns as you mapped them; importing remembers them for this carrier.',
  names: 'Columns recognised by their names; change any that is wrong.',
} as const;

export function ColumnMapping(props: { report: StatementReport; columns: Columns; disabled: boolean; onChange(next: Columns): void }) {
  const id = useId();
  const { report, columns } = props;
  const told =
    report.mapping.from === 'saved'
      ? `Columns as remembered for ${report.mapping.carrier ?? 'this carrier'}.`
      : SOURCE_TEXT[report.mapping.from];
  return (
    <fieldset aria-labelledby={`${id}-legend`} className="space-y-2 rounded-lg border border-slate-200 p-3">
      <legend id={`${id}-legend`} className="px-1 text-sm font-semibold text-slate-900">
        Columns of the file
      </legend>
      <p className="text-sm text-slate-600">{told}</p>
      {report.missingColumns.length > 0 && (
        <p role="alert" className="text-sm text-red-700">
          The file lacks {report.missingColumns.join(', ')}: choose which column holds {report.missingColumns.length > 1 ? 'them' : 'it'}.
        </p>
      )}
      <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {report.columns.map((c, i) => (
          <div key={c.header}>
            <label htmlFor={`${id}-${i}`} className="block text-sm font-medium text-slate-700">
              {c.header}
            </label>
            <select
              id={`${id}-${i}`}
              className={inputClass}
              disabled={props.disabled}
              value={columns[c.header] ?? NOT_IMPORTED}
              onChange={(e) => props.onChange({ ...columns, [c.header]: e.target.value as Columns[string] })}
            >
              <option value={NOT_IMPORTED}>Not imported</option>
              {STATEMENT_FIELDS.map((f) => (
                <option key={f} value={f}>
                  {STATEMENT_FIELD_LABELS[f]}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
