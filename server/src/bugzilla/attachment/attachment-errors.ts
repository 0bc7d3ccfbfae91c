import { BugzillaError } from '../errors.js';

/** The refusals of 5.2's attachment methods, code and text as 5.2 answers them. */
export const attachmentErrors = {
  invalidContentType: (contentType: string) =>
    new BugzillaError(
      601,
      `The content type ${contentType === '' ? '' : `${contentType} `}is invalid. Valid types must be of the form foo/bar where foo is one of application, audio, image, message, model, multipart, text, video and bar must not contain any special characters (such as "=", "?", ...).`,
    ),
  missingDescription: () => new BugzillaError(604, 'You must enter a description for the attachment.'),
  fileNotSpecified: () => new BugzillaError(603, 'You did not specify a file to attach.'),
  /** An update that empties the file name (5.2's filename_not_specified, which has no code of its own). */
  fileNameNotSpecified: () => new BugzillaError(32000, 'You must specify a filename for this attachment.'),
  zeroLengthFile: () =>
    new BugzillaError(
      606,
      "The file you are trying to attach is empty, does not exist, or you don't have permission to read it.",
    ),
  fileTooLarge: (kilobytes: string, maxKilobytes: string) =>
    new BugzillaError(
      600,
      `The file you are trying to attach is ${kilobytes} kilobytes (KB) in size. Attachments cannot be more than ${maxKilobytes} KB. We recommend that you store your attachment elsewhere and then paste the URL to this file on the attachment creation page in the appropriate text field, which you can access by clicking the "paste text as attachment" link. Alternately, if your attachment is an image, you could convert it to a compressible format like JPG or PNG and try again.`,
    ),
  invalidAttachId: (id: string) => new BugzillaError(32000, `The attachment id ${id} is invalid.`),
  illegalEdit: (id: number) => new BugzillaError(32000, `You are not authorized to edit attachment ${id}.`),
  illegalEditBug: (bugId: number) =>
    new BugzillaError(32000, `You are not authorized to edit attachments on bug ${bugId}.`),
  accessDenied: (id: number) => new BugzillaError(304, `Sorry, you are not authorized to access attachment #${id}.`),
  idNotNumeric: () =>
    new BugzillaError(52, 'Invalid parameter passed to Bugzilla::Attachment::new_from_list: It must be numeric.'),
  /** A parameter Bug.update_attachment has no setter for (Perl's `set_<name>` is not found). */
  unknownSetter: (name: string) =>
    new BugzillaError(67399, `The requested method 'Bugzilla::Attachment::set_${name}' was not found.`),
  /** Text a database cannot store (NUL, or half of a UTF-16 pair); 5.2 on PostgreSQL would fail the request. */
  unstorableText: (field: string) =>
    new BugzillaError(32000, `The ${field} contains a character that cannot be stored (NUL or a lone surrogate).`),
};
