// Placeholder until its issue fills it.

export default function LoginPage() {
  return <h1>LoginPage</h1>;
}
