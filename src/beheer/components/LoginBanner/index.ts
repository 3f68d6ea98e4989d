// Public entry of the LoginBanner component folder: the banner and the logout confirmation it leads to.
export { formatLoginMoment } from './formatLogin';
export { LoginBanner, type LoginBannerProps } from './LoginBanner';
export { LogoutModal, type LogoutModalProps, type LogoutResult } from './LogoutModal';
