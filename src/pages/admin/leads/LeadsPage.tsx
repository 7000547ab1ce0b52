// Placeholder until its issue fills it.

export default function LeadsPage() {
  return <h1>LeadsPage</h1>;
}
