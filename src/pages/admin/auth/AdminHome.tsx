// The root of an admin host (docs/product.md §2): the dashboard when a token is stored, otherwise the login.
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useStoredSession } from '../../../lib/session.ts';
import { AdminLoading } from './AdminLoading.tsx';

export default function AdminHome() {
  const navigate = useNavigate();
  const { ready, token } = useStoredSession();
  useEffect(() => {
    if (ready) navigate(token ? '/dashboard' : '/login', { replace: true });
  }, [ready, token, navigate]);
  return <AdminLoading />;
}
