// The Sign-in security dialog (settings menu) and the enrolment screen an account without a second
// factor sees instead of the console while the office requires one.
import { DialogFrame } from '../../../components/DialogFrame.tsx';
import { SignInSecurity } from './SignInSecurity.tsx';

export function SignInSecurityDialog({ onClose }: { onClose: () => void }) {
  return (
    <DialogFrame title="Sign-in security" onClose={onClose}>
      <SignInSecurity />
    </DialogFrame>
  );
}

export function EnrolmentScreen({ onEnrolled }: { onEnrolled: () => void }) {
  return (
    <section className="mx-auto max-w-xl space-y-4 p-4 sm:p-8" aria-labelledby="enrol-title">
      <h1 id="enrol-title" className="text-2xl font-bold text-slate-900">
        Set up a second factor
      </h1>
      <p className="text-sm text-slate-700">
        The office requires a second factor for every staff member. Add an authenticator app to continue to the console.
      </p>
      <SignInSecurity onEnrolled={onEnrolled} />
    </section>
  );
}
