// Placeholder until its issue fills it.

export default function CustomersPage() {
  return <h1>CustomersPage</h1>;
}
