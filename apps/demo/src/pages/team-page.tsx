import { InviteForm } from '@splice/react';
import { PageHeader } from '../components/page-header.js';
import { useSignedInUser } from '../signed-in-user.js';

/**
 * Invites a teammate to the organization by e-mail. The form lists the group's pending invites from the
 * server (they outlive a reload), each with Revoke. The organization is named as the session names it.
 */
export function TeamPage() {
  const user = useSignedInUser();
  return (
    <>
      <PageHeader title="Invite a teammate">
        <p>
          Invite a colleague to manage the CRM connection with you. They join {user.orgName} once they accept.
        </p>
      </PageHeader>
      <section className="nw-card" aria-labelledby="invite-heading">
        <h2 id="invite-heading">Send an invite</h2>
        <InviteForm />
      </section>
    </>
  );
}
