// Placeholder until its issue fills it.

export default function AnalyticsPage() {
  return <h1>AnalyticsPage</h1>;
}
