// Where a new lead lives: the phone's area code first (it is where the person is called), else the
// visitor's address when the form was sent. Calling hours and licences read it from the lead.
import { phoneRegion } from '../../schemas/phone-region.ts';
import { lookup } from '../../server/geo.ts';

export interface LeadRegion {
  state: string | null;
  timeZones: string[];
  from: 'phone' | 'address';
}

/** The region of a lead with this phone, sent from this address (absent for staff-entered leads); null when unknown. */
export function leadRegion(phone: string, ip?: string): LeadRegion | null {
  const byPhone = phoneRegion(phone);
  if (byPhone) return { ...byPhone, from: 'phone' };
  const place = ip ? lookup(ip) : null;
  if (place?.country !== 'US' || (!place.state && !place.timeZone)) return null;
  return { state: place.state, timeZones: place.timeZone ? [place.timeZone] : [], from: 'address' };
}
