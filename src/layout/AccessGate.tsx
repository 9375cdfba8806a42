import type { ReactNode } from 'react';
import { usePermissions, useTranslate } from 'react-admin';
import { messages } from '../../domain/messages';
import { staffPermissionDenied, type StaffPermission, type StaffPermissions } from '../../domain/staffPermissionList';
import type { Permissions } from '../../providers/authProvider';
import { accessOf, allows } from '../contracts/access';
import type { Access } from '../contracts/shopSection';
import { Pending } from '../components/Pending';
import { PageProblem } from './PageProblem';

/**
 * Shows `children` to callers whose access reaches `min` (and who have the staff `permission`, when one is named),
 * else a plain refusal instead of a page of errors.
 */
export function AccessGate({
  access,
  min,
  permission,
  permissions,
  title,
  children,
}: {
  access: Access;
  min: Access;
  permission?: StaffPermission;
  permissions?: StaffPermissions;
  title: string;
  children: ReactNode;
}) {
  if (allows(access, min) && (!permission || allows(access, permission, permissions))) return <>{children}</>;
  const message = permission && allows(access, min) ? staffPermissionDenied(permission) : messages.notAllowed;
  return <PageProblem title={title} message={message} severity="warning" />;
}

/** AccessGate outside a shop: USER for everyone signed in, SUPER_ADMIN for platform super admins. */
export function MainAccessGate({ min, title, children }: { min: Access; title: string; children: ReactNode }) {
  const translate = useTranslate();
  const { permissions, isPending } = usePermissions<Permissions>();
  if (min === 'USER') return <>{children}</>;
  if (isPending) return <Pending />;
  return (
    <AccessGate access={accessOf(null, permissions?.isSuperAdmin === true)} min={min} title={translate(title)}>
      {children}
    </AccessGate>
  );
}
