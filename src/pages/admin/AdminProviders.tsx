// The query cache and tRPC client around every admin screen. Loaded with the first admin screen,
// so the public pages ship neither react-query, the tRPC client, superjson nor zod.
import { Outlet } from 'react-router-dom';
import { Providers } from '../../Providers.tsx';
import { useClientConfig } from '../../lib/client-config.tsx';

export default function AdminProviders() {
  return (
    <Providers config={useClientConfig()}>
      <Outlet />
    </Providers>
  );
}
