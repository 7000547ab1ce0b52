// The neutral state of an admin screen while the stored session is not known yet: the server
// and the hydrating browser render this alike, whatever is in localStorage.
import { LoadingSpinner } from '../../../components/LoadingSpinner.tsx';

export const AdminLoading = () => <LoadingSpinner className="min-h-screen bg-slate-50" />;
