import { $session } from '#stores/session';
import { useSharedStore } from '../shared/useSharedStore';

/** The private community's invite link, once the family owns the community add-on. */
export default function CommunityInvite() {
  const { communityInviteUrl } = useSharedStore($session);
  if (!communityInviteUrl) return null;
  return (
    <section
      aria-labelledby="community-heading"
      className="rounded-xl border border-beacon-400 bg-beacon-300/20 p-5 sm:p-6"
    >
      <h2 id="community-heading" className="font-serif text-xl font-bold text-navy-900">
        Your community access
      </h2>
      <p className="mt-2 text-slate-800">
        Our private Discord, yours for life: ask quick questions (up to 250 characters) about grammar, deadlines and
        anything you are unsure of, join the weekly Ask a Grad sessions with our editors, and meet students applying
        alongside you.
      </p>
      <a href={communityInviteUrl} target="_blank" rel="noopener noreferrer" className="btn-primary mt-4">
        Join the community on Discord
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </section>
  );
}
