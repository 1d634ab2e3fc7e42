import type { Invite } from '@splice/react';
import { InviteForm } from '@splice/react';
import { useState } from 'react';
import { PageHeader } from '../components/page-header.js';
import { useSignedInUser } from '../signed-in-user.js';

/** Invites a teammate to the organization by e-mail; the invites sent on this visit are listed below. */
export function TeamPage() {
  const user = useSignedInUser();
  const [sent, setSent] = useState<Invite[]>([]);
  return (
    <>
      <PageHeader title="Invite a teammate">
        <p>
          Invite a colleague to manage the CRM connection with you. They join {user.orgName} once they accept.
        </p>
      </PageHeader>
      <section className="nw-card" aria-labelledby="invite-heading">
        <h2 id="invite-heading">Send an invite</h2>
        <InviteForm onInvited={(invite) => setSent((all) => [invite, ...all])} />
      </section>
      {sent.length > 0 && (
        <section className="nw-card" aria-labelledby="sent-heading">
          <h2 id="sent-heading">Invited on this visit</h2>
          <ul className="nw-invites">
            {sent.map((invite) => (
              <li key={invite.id}>
                <span>{invite.invitedEmail}</span>
                <span className="nw-badge">{invite.status}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
