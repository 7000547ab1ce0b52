// The customer form's state and its checks: text for every input, the payload the procedures take,
// and every problem at once under its own field, by the same rules the server applies.
import { customerRules, kidsProblem, type CustomerDetail, type RequiredDetail } from '../../../schemas/customer.ts';

/** Form state: text for every input, as the browser gives it. */
export interface CustomerForm {
  name: string;
  email: string;
  phone: string;
  age: string;
  hasKids: boolean;
  kidsCount: string;
  kidsAges: string;
  currentInsurance: string;
  insuranceProvider: string;
  desiredCoverage: string;
  budgetRange: string;
  medicalHistory: string;
  medications: string;
  preferredDoctor: string;
  insuranceType: string;
  planType: string;
  employmentStatus: string;
  annualIncome: string;
  policyStartDate: string;
  birthDate: string;
  notes: string;
}
export type CustomerField = keyof CustomerForm;
/** One message per field, shown under it. */
export type FieldErrors = Partial<Record<CustomerField, string>>;

export const emptyForm = (contact: { name?: string; email?: string; phone?: string } = {}): CustomerForm => ({
  name: contact.name ?? '',
  email: contact.email ?? '',
  phone: contact.phone ?? '',
  age: '',
  hasKids: false,
  kidsCount: '',
  kidsAges: '',
  currentInsurance: '',
  insuranceProvider: '',
  desiredCoverage: '',
  budgetRange: '',
  medicalHistory: '',
  medications: '',
  preferredDoctor: '',
  insuranceType: 'individual',
  planType: 'PPO',
  employmentStatus: '',
  annualIncome: '',
  policyStartDate: '',
  birthDate: '',
  notes: '',
});

export function formFromCustomer(c: CustomerDetail): CustomerForm {
  return {
    ...emptyForm(c),
    age: c.age === null ? '' : String(c.age),
    hasKids: c.hasKids,
    kidsCount: c.kidsCount === null ? '' : String(c.kidsCount),
    kidsAges: c.kidsAges,
    currentInsurance: c.currentInsurance,
    insuranceProvider: c.insuranceProvider ?? '',
    desiredCoverage: c.desiredCoverage,
    budgetRange: c.budgetRange ?? '',
    medicalHistory: c.medicalHistory,
    medications: c.medications,
    preferredDoctor: c.preferredDoctor,
    insuranceType: c.insuranceType,
    planType: c.planType,
    employmentStatus: c.employmentStatus ?? '',
    annualIncome: c.annualIncome ?? '',
    policyStartDate: c.policyStartDate ?? '',
    birthDate: c.birthDate ?? '',
    notes: c.notes,
  };
}

/** The payload the procedures take: empty inputs are null, kids only with has-kids. */
export function payloadFromForm(f: CustomerForm) {
  return {
    ...f,
    age: f.age.trim() === '' ? null : Number(f.age),
    kidsCount: f.hasKids && f.kidsCount.trim() !== '' ? Number(f.kidsCount) : null,
    kidsAges: f.hasKids ? f.kidsAges : '',
  };
}

const isField = (key: string, form: CustomerForm): key is CustomerField => Object.hasOwn(form, key);

/**
 * Every problem of the form at once, by the shared customer rules. `mayBeMissing`: the required
 * details that may stay blank (the close form: all; an edit: those the record already lacks).
 */
export function formErrors(form: CustomerForm, mayBeMissing: readonly RequiredDetail[]): FieldErrors {
  const payload = payloadFromForm(form);
  const errors: FieldErrors = {};
  const parsed = customerRules(mayBeMissing).safeParse(payload);
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const key = String(issue.path[0] ?? '');
    if (isField(key, form) && !errors[key]) errors[key] = issue.message;
  }
  // The kids rule runs only once every field passes; checked here too so it shows with the others.
  if (!errors.kidsCount && !errors.kidsAges) {
    const kids = kidsProblem(payload);
    if (kids && isField(kids.path, form)) errors[kids.path] = kids.message;
  }
  return errors;
}

/**
 * A server refusal naming a field ("customer.kidsAges: Kids ages must be ...") as that field's own
 * message; null when the message names no field of the form.
 */
export function fieldErrorFromServer(message: string, form: CustomerForm): FieldErrors | null {
  const match = /^(?:customer\.)?([A-Za-z]+): (.+)$/s.exec(message);
  if (!match || !isField(match[1]!, form)) return null;
  return { [match[1]!]: match[2]! };
}
