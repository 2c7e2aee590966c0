import { actionLabel, DELIVERY_LIMITS } from '../process';
import { TextStepForm, type StepFormProps } from './TextStepForm';
import { formatCount } from '#lib/numbers';

/** 'Acknowledge': the editor's first message to the family (the promise to reach out within 24 hours). */
export const AcknowledgeForm = (props: StepFormProps) => (
  <TextStepForm
    {...props}
    step={{
      action: 'acknowledge',
      field: 'message',
      label: 'First message to the family',
      hint: `Say hello, what you will look at first and when ${props.project.student.name} can expect your feedback.`,
      max: DELIVERY_LIMITS.message,
      missing: 'Write a first message to the family.',
      tooLong: `A message can be at most ${formatCount(DELIVERY_LIMITS.message)} characters.`,
      submitLabel: actionLabel.acknowledge,
      frame: 'border-navy-200 bg-navy-50/50',
    }}
  />
);
