export { OTP_LENGTH, OtpInput, type OtpInputHandle, type OtpInputProps, otpSlotVariants } from "./otp-input.js";
