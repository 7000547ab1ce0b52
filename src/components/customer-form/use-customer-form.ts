// The state of a customer form: values, the error under each field, and focus on the first
// invalid field after a refused save (by the browser-side check or by the server).
import { useEffect, useRef, useState } from 'react';
import type { RequiredDetail } from '../../../schemas/customer.ts';
import { fieldErrorFromServer, formErrors, type CustomerField, type CustomerForm, type FieldErrors } from './customer-form.ts';

export function useCustomerForm(initial: CustomerForm | null, mayBeMissing: readonly RequiredDetail[]) {
  const [form, setForm] = useState<CustomerForm | null>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusals, setRefusals] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  // After each refusal the first field marked invalid, in the order the form shows them, gets focus.
  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  const refuse = (next: FieldErrors) => {
    setErrors(next);
    setRefusals((n) => n + 1);
  };

  return {
    form,
    setForm,
    errors,
    formRef,
    /** A change clears the error of the field it changed. */
    onChange(next: CustomerForm, changed: CustomerField) {
      setForm(next);
      if (errors[changed]) setErrors(({ [changed]: _, ...rest }) => rest);
    },
    /** True when the form may be sent; otherwise every problem shows under its field. */
    check(): boolean {
      if (!form) return false;
      const found = formErrors(form, mayBeMissing);
      if (Object.keys(found).length === 0) {
        setErrors({});
        return true;
      }
      refuse(found);
      return false;
    },
    /** Shows a server refusal naming a field under that field; false when it names none. */
    showServerError(message: string): boolean {
      const found = form && fieldErrorFromServer(message, form);
      if (!found) return false;
      refuse(found);
      return true;
    },
  };
}
