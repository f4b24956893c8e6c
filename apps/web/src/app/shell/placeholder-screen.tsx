import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/ui/coming-soon';
import type { AppPath } from '../paths';
import { pathLabels } from './nav-items';

/** A shell screen no area has delivered yet: the route and the sidebar entry exist already. */
export function PlaceholderScreen({ path }: { path: AppPath }) {
  const { t } = useTranslation();
  return <ComingSoon title={t(`nav.${pathLabels[path]}`)} />;
}
