/** Facts about the business (stand-ins where the real ones were not given). One place, imported everywhere. */
export const site = {
  name: 'Beacon College Counsel',
  shortName: 'BCC',
  tagline: 'Peer-driven college essay editing',
  description:
    'Pick a recent graduate who studied what you want to study, and get your Common App essay, supplements and activity list edited with care.',
  email: 'hello@beaconcollegecounsel.com',
  phones: ['(555) 010-0142', '(555) 010-0187'],
  social: {
    instagram: 'https://www.instagram.com/beaconcollegecounsel',
    linkedin: 'https://www.linkedin.com/company/beacon-college-counsel',
  },
  newsletterName: 'Beacon College Counsel newsletter',
  /** Legal pages take effect from this date. */
  legalEffectiveDate: 'January 1, 2025',
} as const;

/** Header navigation, in its fixed order, with the community added. */
export const navLinks = [
  { href: '/', label: 'Home' },
  { href: '/about', label: 'About' },
  { href: '/services', label: 'Services' },
  { href: '/pricing', label: 'Pricing' },
  { href: '/editors', label: 'Editors' },
  // Not in the original list: the paid community was added to the navigation later.
  { href: '/community', label: 'Community' },
  { href: '/contact', label: 'Contact' },
] as const;

/** The header's account links: shown by the session's hint (src/client/role-hint.ts). */
export const accountLinks = {
  signIn: { href: '/dashboard', label: 'Sign In' },
  account: { href: '/dashboard', label: 'My Account' },
  workspace: { href: '/editor', label: 'Editor Workspace' },
} as const;

/** The 15 accepted colleges shown as text wordmarks on the home page (no copied logos). */
export const acceptedColleges = [
  'Harvard',
  'Yale',
  'Princeton',
  'Stanford',
  'MIT',
  'Columbia',
  'Penn',
  'Brown',
  'Cornell',
  'Dartmouth',
  'Duke',
  'UChicago',
  'Northwestern',
  'UC Berkeley',
  'Georgetown',
] as const;

/** `tel:` form of a display phone number. */
export const telHref = (phone: string) => `tel:+1${phone.replace(/\D/g, '')}`;

/** A page's route from its URL: with Astro's `file` build format a page sees '/pricing.html' for /pricing. */
export const routePath = (pathname: string) => pathname.replace(/\.html$/, '').replace(/\/(index)?$/, '') || '/';
