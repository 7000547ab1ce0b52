export function AboutPage() {
  return <h1 className="p-8 text-3xl font-bold">About</h1>;
}
