// Demo leads for `npm run seed:demo`. (Filled by its issue.)
export async function seedLeads(): Promise<string> {
  return 'nothing yet';
}
