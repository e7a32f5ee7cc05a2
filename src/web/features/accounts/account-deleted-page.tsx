import { HeartCrack } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { RULES } from '../../../shared/rules.ts';
import { Link } from '../../components/route-link.tsx';
import { useSite } from '../../site-context.tsx';
import { usePageTitle } from '../../use-page-title.ts';
import { AuthPage } from './shared.tsx';

/** /account-deleted: goodbye, and how to come back within the reactivation window. */
export function AccountDeletedPage() {
  const intl = useIntl();
  const { settings } = useSite();
  usePageTitle(intl.formatMessage({ id: 'deleted.title' }));
  return (
    <AuthPage
      icon={HeartCrack}
      title={<FormattedMessage id="deleted.title" />}
      intro={
        <FormattedMessage
          id="deleted.body"
          values={{ days: RULES.deletion.reactivationDays, site: settings.name }}
        />
      }
    >
      <Link to="/" className="btn btn-primary w-full">
        <FormattedMessage id="error.home" />
      </Link>
    </AuthPage>
  );
}
