import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import type { Lead, LeadField, LeadStage, SentLead } from '../lead.js';
import { leadIssues, leadStageLabels, leadStages } from '../lead.js';
import {
  deleteLead,
  fetchSentLeads,
  LeadError,
  readLeadsBack,
  sendLead,
  updateLeadStage,
} from '../leads-api.js';

const emptyLead: Lead = { name: '', email: '', stage: 'new' };

/**
 * Northwind's own form: a lead that Northwind's server writes to the company's CRM through Splice. The
 * installation's write settings add their defaults (a title saying where the lead came from); every
 * typed value stays on any error, with each field's message beside it.
 */
export function SendLead({ integrationId, crmName }: { integrationId: string; crmName: string }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Lead>(emptyLead);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<LeadField, string>>>({});
  const sentLeads = useQuery({
    queryKey: ['northwind', 'sent-leads'],
    queryFn: ({ signal }) => fetchSentLeads(signal),
  });
  const send = useMutation({
    mutationFn: (lead: Lead) => sendLead(integrationId, lead),
    onSuccess: () => {
      setValues(emptyLead);
      void queryClient.invalidateQueries({ queryKey: ['northwind', 'sent-leads'] });
    },
    onError: (error) => {
      if (error instanceof LeadError) setFieldErrors(error.fields);
    },
  });
  const readBack = useMutation({ mutationFn: () => readLeadsBack(integrationId) });

  function submit(event: FormEvent) {
    event.preventDefault();
    const issues = leadIssues(values);
    setFieldErrors(issues);
    if (Object.keys(issues).length > 0) {
      document.getElementById(`${id}-${Object.keys(issues)[0]}`)?.focus();
      return;
    }
    send.mutate(values);
  }

  const field = (name: LeadField) => ({
    id: `${id}-${name}`,
    name,
    'aria-invalid': fieldErrors[name] ? true : undefined,
    'aria-describedby': fieldErrors[name] ? `${id}-${name}-error` : undefined,
  });
  const fieldError = (name: LeadField) =>
    fieldErrors[name] ? (
      <p id={`${id}-${name}-error`} className="nw-field-error">
        {fieldErrors[name]}
      </p>
    ) : null;
  const leads = (sentLeads.data ?? []).filter((lead) => lead.integrationId === integrationId);

  return (
    <section className="nw-card nw-send-lead" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Send to your CRM</h2>
      <p className="nw-muted">
        A lead from Northwind, written to {crmName} by Northwind’s server as your installation’s write
        settings say.
      </p>
      <form className="nw-lead-form" noValidate onSubmit={submit} aria-label="Send a lead">
        <div className="nw-lead-form__field">
          <label htmlFor={`${id}-name`}>Name</label>
          <input
            {...field('name')}
            autoComplete="off"
            value={values.name}
            onChange={(e) => setValues({ ...values, name: e.target.value })}
          />
          {fieldError('name')}
        </div>
        <div className="nw-lead-form__field">
          <label htmlFor={`${id}-email`}>E-mail</label>
          <input
            {...field('email')}
            type="email"
            autoComplete="off"
            value={values.email}
            onChange={(e) => setValues({ ...values, email: e.target.value })}
          />
          {fieldError('email')}
        </div>
        <div className="nw-lead-form__field">
          <label htmlFor={`${id}-stage`}>Stage</label>
          <select
            {...field('stage')}
            value={values.stage}
            onChange={(e) => setValues({ ...values, stage: e.target.value as LeadStage })}
          >
            {leadStages.map((stage) => (
              <option key={stage} value={stage}>
                {leadStageLabels[stage]}
              </option>
            ))}
          </select>
          {fieldError('stage')}
        </div>
        <div className="nw-lead-form__actions">
          <button type="submit" className="nw-button" disabled={send.isPending}>
            {send.isPending ? 'Sending…' : `Send to ${crmName}`}
          </button>
        </div>
      </form>
      <div role="status" aria-live="polite">
        {send.isSuccess && (
          <p>
            Sent to {crmName} as record <code>{send.data.recordId}</code>. It arrives below after the next
            read.
          </p>
        )}
      </div>
      {send.isError && (
        <div role="alert" className="nw-form-error">
          <p>{send.error.message}</p>
        </div>
      )}
      {leads.length > 0 && (
        <>
          <h3>Leads sent</h3>
          <ul className="nw-sent-leads" aria-label="Leads sent">
            {leads.map((lead) => (
              <SentLeadItem key={lead.recordId} lead={lead} />
            ))}
          </ul>
          <button
            type="button"
            className="nw-button nw-button--quiet"
            disabled={readBack.isPending}
            onClick={() => readBack.mutate()}
          >
            Read them back now
          </button>
          <div role="status" aria-live="polite">
            {readBack.isSuccess && <p>A read of your CRM’s contacts has started.</p>}
          </div>
          {readBack.isError && (
            <p role="alert" className="nw-form-error">
              {readBack.error.message}
            </p>
          )}
        </>
      )}
    </section>
  );
}

function SentLeadItem({ lead }: { lead: SentLead }) {
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<LeadStage>(lead.stage);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['northwind', 'sent-leads'] });
  const update = useMutation({ mutationFn: () => updateLeadStage(lead, stage), onSuccess: refresh });
  const remove = useMutation({ mutationFn: () => deleteLead(lead), onSuccess: refresh });
  const error = update.error ?? remove.error;
  return (
    <li className="nw-sent-lead" aria-label={lead.name}>
      <span>
        <strong>{lead.name}</strong> <span className="nw-muted">{lead.email}</span>{' '}
        <code>{lead.recordId}</code>
      </span>
      <span className="nw-sent-lead__actions">
        <select
          aria-label={`Stage of ${lead.name}`}
          value={stage}
          onChange={(e) => setStage(e.target.value as LeadStage)}
        >
          {leadStages.map((s) => (
            <option key={s} value={s}>
              {leadStageLabels[s]}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="nw-button nw-button--quiet"
          disabled={update.isPending}
          onClick={() => {
            remove.reset();
            update.mutate();
          }}
        >
          Update stage
        </button>
        <button
          type="button"
          className="nw-button nw-button--quiet"
          disabled={remove.isPending}
          onClick={() => {
            update.reset();
            remove.mutate();
          }}
        >
          Delete from CRM
        </button>
      </span>
      <span role="status">
        {update.isSuccess && `Stage updated to ${leadStageLabels[update.data.stage]}.`}
      </span>
      {error && (
        <p role="alert" className="nw-form-error">
          {error.message}
        </p>
      )}
    </li>
  );
}
