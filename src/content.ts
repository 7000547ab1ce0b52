// Site copy in one place: the brokerage edits names, emails, numbers and wording here without
// touching any component. Icons are named by key (see src/pages/public/icons.tsx).

export type IconName = 'heart' | 'shield' | 'chat' | 'support' | 'users' | 'map' | 'clock' | 'mail' | 'check' | 'tag' | 'scale' | 'cycle';

export { site } from '../schemas/brokerage.ts';

export const trustNumbers = [
  { value: '1000+', label: 'Clients served' },
  { value: '50', label: 'States licensed' },
  { value: '24/7', label: 'Support' },
] as const;

export const services: { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'heart',
    title: 'Health Insurance',
    text: 'Individual, family and small-group plans compared side by side, so you see the real cost of every network and deductible.',
  },
  {
    icon: 'shield',
    title: 'Life Insurance',
    text: 'Term and permanent policies sized to protect your family, your mortgage and the plans you are building together.',
  },
  {
    icon: 'chat',
    title: 'Expert Consultation',
    text: 'A licensed broker walks you through your options in plain language, with no pressure and no cost to you.',
  },
  {
    icon: 'support',
    title: 'Ongoing Support',
    text: 'Claims questions, renewals and life changes: we stay your advocate long after the policy starts.',
  },
];

export const processSteps = [
  { title: 'Free Consultation', text: 'Tell us about your household, doctors, budget and goals in a short, no-obligation conversation.' },
  {
    title: 'Custom Plan Development',
    text: 'We shop leading carriers and bring you a shortlist that fits your needs, explained line by line.',
  },
  { title: 'Seamless Implementation', text: 'We handle the applications and paperwork and make sure your coverage starts on time.' },
  { title: 'Ongoing Partnership', text: 'Every year we review your coverage and help with claims, changes and renewals.' },
] as const;

export const reasons: { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'scale',
    title: 'Independent and unbiased',
    text: 'We work for you, not for one insurance company, and compare plans across many carriers.',
  },
  {
    icon: 'tag',
    title: 'No cost to you',
    text: 'Our help is free: brokers are paid by the carrier, and your premium is the same as buying direct.',
  },
  {
    icon: 'map',
    title: 'Licensed in all 50 states',
    text: 'Based in Denver, Colorado, we serve clients nationwide, wherever life takes you.',
  },
  {
    icon: 'clock',
    title: 'Fast, human answers',
    text: 'A real broker replies within 24 hours, Monday - Sunday. No call centers, no bots.',
  },
];

export const testimonial = {
  quote:
    'After my employer coverage ended I had no idea where to start. Stef compared a dozen plans with me, found one that kept all of our doctors, and we now pay less than before. I recommend them to everyone.',
  name: 'Jennifer M.',
  detail: 'Small business owner, Aurora, CO',
};

export const brokers = [
  {
    name: 'Ben Whitaker',
    title: 'Founder & Senior Broker',
    email: 'ben@summithealthlife.com',
    bio: 'Ben founded the agency after fifteen years with a national carrier, determined to give families honest, independent advice. He specializes in family health plans and Medicare transitions.',
  },
  {
    name: 'Stef Alvarez',
    title: 'Health & Life Insurance Broker',
    email: 'stef@summithealthlife.com',
    bio: 'Stef helps self-employed professionals and growing families find coverage that fits their budget. She is known for making complicated plan details simple and for answering every message the same day.',
  },
  {
    name: 'Priya Raman',
    title: 'Life Insurance Specialist',
    email: 'priya@summithealthlife.com',
    bio: 'Priya designs term and permanent life insurance strategies that protect income, mortgages and education plans. She holds a CLU designation and has guided hundreds of clients through underwriting.',
  },
] as const;

export const story = [
  'Summit Health & Life began in Denver with a simple idea: choosing insurance should feel like getting advice from a friend who happens to be an expert, not like reading fine print alone.',
  'Today our licensed brokers serve clients in all 50 states. We are independent, so we compare plans from many carriers and recommend only what fits your health, your family and your budget.',
];

export const approach: { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'users',
    title: 'People first',
    text: 'We start with your doctors, medications, budget and plans for the future, never with a product to sell.',
  },
  {
    icon: 'check',
    title: 'Clear comparisons',
    text: 'Every option is laid out side by side in plain language, so you can decide with confidence.',
  },
  {
    icon: 'cycle',
    title: 'With you for the long run',
    text: 'Renewals, claims and life changes: one call to your broker and we take it from there.',
  },
];
