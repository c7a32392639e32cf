// Confirms the provider's sign-out form automatically: the portal asked for sign-out already.
document.getElementById('logout-yes')?.click();
