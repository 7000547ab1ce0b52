// Placeholder until its issue fills it.

export default function AdminHome() {
  return <h1>AdminHome</h1>;
}
