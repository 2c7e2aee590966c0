import { actionLabel, DELIVERY_LIMITS, HELP_PROMISE } from '../process';
import { TextStepForm, type StepFormProps } from './TextStepForm';
import { formatCount } from '#lib/numbers';

/** 'Ask for help with this feedback': what disappoints the family, for the editor and our team to read. */
export const HelpForm = (props: StepFormProps) => (
  <TextStepForm
    {...props}
    step={{
      action: 'ask-for-help',
      field: 'reason',
      label: 'What disappoints you in this feedback?',
      hint: `Be specific: what ${props.project.editor.name} missed, or what you expected. Your editor and our team read it.`,
      max: DELIVERY_LIMITS.helpReason,
      missing: 'Say what disappoints you in this feedback: your editor and our team read it.',
      tooLong: `At most ${formatCount(DELIVERY_LIMITS.helpReason)} characters.`,
      submitLabel: actionLabel['ask-for-help'],
      intro: HELP_PROMISE,
      frame: 'border-amber-300 bg-amber-50/60',
    }}
  />
);
