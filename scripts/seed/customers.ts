// Demo customers for `npm run seed:demo`. (Filled by its issue.)
export async function seedCustomers(): Promise<string> {
  return 'nothing yet';
}
