// Header and footer around the public pages (main site mode only).
import { Link, Outlet } from 'react-router';

export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-slate-200">
        <nav aria-label="Main" className="mx-auto flex max-w-6xl gap-6 p-4">
          <Link to="/">Home</Link>
          <Link to="/about">About</Link>
          <Link to="/contact">Get Started</Link>
        </nav>
      </header>
      <main className="flex-1">
        <Outlet />
      </main>
      <footer className="border-t border-slate-200 p-4 text-sm text-slate-500">© {new Date().getFullYear()}</footer>
    </div>
  );
}
