// Demo staff for `npm run seed:demo`. (Filled by its issue.)
export async function seedStaff(): Promise<string> {
  return 'nothing yet';
}
