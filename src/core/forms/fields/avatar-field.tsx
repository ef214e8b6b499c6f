import { ProfilePhotoChooser } from '@/core/ui/profile-photo-chooser';
import { asText, type FieldComponentProps } from './field-props';

/** An avatar (data URL) with the profile photo rules: JPG or PNG, at most 131072 bytes. */
export function AvatarField(props: FieldComponentProps) {
  return (
    <ProfilePhotoChooser
      id={props.id}
      title={props.setting.title ?? 'Profile photo'}
      hideTitle
      image={asText(props.value) || undefined}
      disabled={props.disabled}
      describedBy={props.describedBy}
      onChange={(dataUrl) => props.onChange(dataUrl)}
    />
  );
}
