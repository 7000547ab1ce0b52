// Demo visits for `npm run seed:demo`. (Filled by its issue.)
export async function seedVisits(): Promise<string> {
  return 'nothing yet';
}
