// The reports feature (issue 30): the dialog a reader reports a note with (the note page, a
// Browse card's menu). Visitor side: no Chakra.
export { ReportDialog, type ReportDialogProps } from './components/report-dialog';
