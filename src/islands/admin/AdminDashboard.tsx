import { useEffect } from 'react';
import { SignInToContinue } from '../shared/account/SignInToContinue';
import { $session, startSession } from '#stores/session';
import { VerifyEmail } from '../shared/account/VerifyEmail';
import { AdminSearch } from '../../features/admin/islands/AdminSearch';
import { useSharedStore } from '../shared/useSharedStore';
import { Tabs, type Tab } from '../shared/Tabs';
import { useTabInUrl } from '../shared/useTabInUrl';
import { AttentionCount } from '../../features/orders/islands/admin/Attention';
import { AuditTab } from '../../features/admin/islands/AuditTab';
import { ConsultsTab } from '../../features/consults/islands/admin/ConsultsTab';
import { EditorsTab } from '../../features/editors/islands/admin/EditorsTab';
import { SamplesTab } from '../../features/editors/islands/admin/SamplesTab';
import { InquiriesTab } from '../../features/contact/islands/admin/InquiriesTab';
import { OrdersTab } from '../../features/orders/islands/admin/OrdersTab';
import { OutboxTab } from './lists/OutboxTab';
import { PayoutsTab } from '../../features/payouts/islands/PayoutsTab';
import { ApplicationsTab } from '../../features/applications/islands/ApplicationsTab';
import { PrivacyTab } from '../../features/privacy/islands/admin/PrivacyTab';
import { ProjectsTab } from '../../features/projects/islands/admin/ProjectsTab';
import { ReportsTab } from '../../features/admin/islands/ReportsTab';
import { TodayTab } from '../../features/admin/islands/TodayTab';
import { ReviewsTab } from '../../features/reviews/islands/admin/ReviewsTab';
import { SubscribersTab } from '../../features/contact/islands/admin/SubscribersTab';
import { Toaster } from '../shared/admin/Toaster';
import { WaitlistTab } from '../../features/waitlist/islands/admin/WaitlistTab';
import { TeamTab } from '../../features/staff/islands/TeamTab';

const ADMIN_TABS: Tab[] = [
  { id: 'today', label: 'Today', render: () => <TodayTab /> },
  { id: 'editors', label: 'Editors Management', render: () => <EditorsTab /> },
  { id: 'applications', label: 'Applications', render: () => <ApplicationsTab /> },
  { id: 'samples', label: 'Sample edits', render: () => <SamplesTab /> },
  { id: 'subscribers', label: 'Email Subscribers', render: () => <SubscribersTab /> },
  { id: 'inquiries', label: 'Inquiries', render: () => <InquiriesTab /> },
  { id: 'consults', label: 'Consults', render: () => <ConsultsTab /> },
  {
    id: 'orders',
    label: (
      <>
        Orders
        <AttentionCount />
      </>
    ),
    render: () => <OrdersTab />,
  },
  { id: 'projects', label: 'Projects', render: () => <ProjectsTab /> },
  { id: 'reviews', label: 'Reviews', render: () => <ReviewsTab /> },
  { id: 'waitlist', label: 'Waitlist', render: () => <WaitlistTab /> },
  { id: 'outbox', label: 'Outbox', render: () => <OutboxTab /> },
  { id: 'payouts', label: 'Payouts', render: () => <PayoutsTab /> },
  { id: 'team', label: 'Team', render: () => <TeamTab /> },
  { id: 'reports', label: 'Reports', render: () => <ReportsTab /> },
  { id: 'audit', label: 'Audit log', render: () => <AuditTab /> },
  { id: 'privacy', label: 'Privacy', render: () => <PrivacyTab /> },
];
const TAB_IDS = ADMIN_TABS.map((tab) => tab.id);

/**
 * /admin: 'Loading...' while the role is being determined, then the dashboard for admins. A
 * signed-out visitor gets the sign-in form here and the dashboard right after signing in as an admin;
 * an account whose address is not verified is asked to verify it; a signed-in user who is not an
 * admin goes to the home page. The server checks the role again on every admin call: this page only
 * decides what to show. The open tab is in the URL.
 */
export default function AdminDashboard() {
  const session = useSharedStore($session);
  const [tab, selectTab] = useTabInUrl(TAB_IDS);
  useEffect(() => void startSession(), []);
  const isAdmin = session.status === 'signedIn' && session.isAdmin === true;
  // No role without a verified address: whether this one would be an admin's is not said before.
  const unverified = session.status === 'signedIn' && session.user?.emailVerified === false && !isAdmin;
  const denied =
    session.status === 'unavailable' || (session.status === 'signedIn' && session.isAdmin === false && !unverified);

  useEffect(() => {
    if (denied) location.replace('/');
  }, [denied]);

  if (session.status === 'signedOut') {
    return <SignInToContinue title="Admin Dashboard" text="Sign in with an admin account to continue." />;
  }
  if (unverified && session.user) return <VerifyEmail email={session.user.email} why="staff" level={1} />;
  if (!isAdmin) {
    return (
      <p className="py-24 text-center text-slate-700" role="status">
        Loading...
      </p>
    );
  }
  return (
    <div className="space-y-6">
      <h1 className="font-serif text-3xl font-bold text-navy-900">Admin Dashboard</h1>
      <AdminSearch onOpenTab={selectTab} />
      {/* One row that scrolls sideways on a phone (the open tab kept in view), rather than four rows above every
          list; its edges shadowed while more lies beyond, and said in words. */}
      <p className="text-sm text-slate-700 sm:hidden">
        {ADMIN_TABS.length} sections: scroll the row sideways, or use the arrow keys, for more.
      </p>
      <Tabs
        label="Admin sections"
        className="overflow-x-auto scroll-shadows-x sm:flex-wrap *:shrink-0 *:whitespace-nowrap"
        tabs={ADMIN_TABS}
        selected={tab}
        onSelect={selectTab}
      />
      <Toaster />
    </div>
  );
}
