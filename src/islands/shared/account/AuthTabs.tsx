import { Tabs } from '../Tabs';
import { LoginForm } from './LoginForm';
import type { NoticeValue } from '../Notice';
import { RegisterForm } from './RegisterForm';

/**
 * The two signed-out tabs: 'New Customer' first and selected, then 'Existing Customer'; that one
 * selected instead (`signInFirst`) where the account exists already (an order, the admin area).
 */
export function AuthTabs({
  onNotice,
  signInFirst = false,
}: {
  onNotice: (notice: NoticeValue) => void;
  signInFirst?: boolean;
}) {
  return (
    <Tabs
      label="Account"
      initial={signInFirst ? 'existing-customer' : 'new-customer'}
      onChange={() => onNotice(null)}
      tabs={[
        { id: 'new-customer', label: 'New Customer', render: () => <RegisterForm onNotice={onNotice} /> },
        { id: 'existing-customer', label: 'Existing Customer', render: () => <LoginForm onNotice={onNotice} /> },
      ]}
    />
  );
}
