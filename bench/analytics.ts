// Benchmarks of analytics. (Filled by its issue.)
export async function benchAnalytics(): Promise<void> {
  console.log('no figures yet');
}
