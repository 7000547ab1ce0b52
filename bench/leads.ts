// Benchmarks of leads. (Filled by its issue.)
export async function benchLeads(): Promise<void> {
  console.log('no figures yet');
}
