import { Tabs } from '../shared/Tabs';
import { LoginForm } from './LoginForm';
import type { NoticeValue } from './Notice';
import { RegisterForm } from './RegisterForm';

/** The two signed-out tabs: 'New Customer' first and selected, then 'Existing Customer'. */
export function AuthTabs({ onNotice }: { onNotice: (notice: NoticeValue) => void }) {
  return (
    <Tabs
      label="Account"
      onChange={() => onNotice(null)}
      tabs={[
        { id: 'new-customer', label: 'New Customer', render: () => <RegisterForm onNotice={onNotice} /> },
        { id: 'existing-customer', label: 'Existing Customer', render: () => <LoginForm onNotice={onNotice} /> },
      ]}
    />
  );
}
