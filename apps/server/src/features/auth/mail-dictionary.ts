import type { Language } from '@chat/contract';

/**
 * The mails' texts in every offered language. `{app}`, `{hours}` and `{minutes}` are filled in
 * (and escaped in the HTML part) by mail-texts.ts. No text names the user: a mail can be sent to
 * any address by whoever registers it, and nothing they wrote (a name) may read as our words.
 */
export interface MailDictionary {
  hi: string;
  verifySubject: string;
  verifyIntro: string;
  verifyAction: string;
  verifyOutro: string;
  resetSubject: string;
  resetIntro: string;
  resetAction: string;
  resetOutro: string;
}

export const MAIL_TEXTS: Record<Language, MailDictionary> = {
  'en-US': {
    hi: 'Hello,',
    verifySubject: '{app}: verify your email',
    verifyIntro: 'Please confirm your email address for {app} by opening this link:',
    verifyAction: 'Confirm email',
    verifyOutro:
      'The link works once and expires in {hours} hours. If you did not create an account, you can ignore this mail.',
    resetSubject: '{app}: reset your password',
    resetIntro:
      'Someone asked to reset the password of your {app} account. Open this link to choose a new one:',
    resetAction: 'Reset password',
    resetOutro:
      'The link works once and expires in {minutes} minutes. If you did not ask for it, ignore this mail: your password stays as it is.',
  },
  'zh-CN': {
    hi: '您好：',
    verifySubject: '{app}：验证您的电子邮件',
    verifyIntro: '请打开以下链接，确认您在 {app} 的电子邮件地址：',
    verifyAction: '确认电子邮件',
    verifyOutro: '此链接只能使用一次，{hours} 小时后失效。如果您没有创建账户，请忽略此邮件。',
    resetSubject: '{app}：重置您的密码',
    resetIntro: '有人请求重置您 {app} 账户的密码。请打开以下链接设置新密码：',
    resetAction: '重置密码',
    resetOutro:
      '此链接只能使用一次，{minutes} 分钟后失效。如果这不是您的请求，请忽略此邮件，您的密码不会改变。',
  },
  'zh-TC': {
    hi: '您好：',
    verifySubject: '{app}：驗證您的電子郵件',
    verifyIntro: '請開啟以下連結，確認您在 {app} 的電子郵件地址：',
    verifyAction: '確認電子郵件',
    verifyOutro: '此連結只能使用一次，{hours} 小時後失效。如果您沒有建立帳戶，請忽略此郵件。',
    resetSubject: '{app}：重設您的密碼',
    resetIntro: '有人要求重設您 {app} 帳戶的密碼。請開啟以下連結設定新密碼：',
    resetAction: '重設密碼',
    resetOutro:
      '此連結只能使用一次，{minutes} 分鐘後失效。如果這不是您的要求，請忽略此郵件，您的密碼不會改變。',
  },
  'ar-EG': {
    hi: 'مرحبًا،',
    verifySubject: '{app}: تأكيد بريدك الإلكتروني',
    verifyIntro: 'يُرجى تأكيد عنوان بريدك الإلكتروني في {app} بفتح هذا الرابط:',
    verifyAction: 'تأكيد البريد الإلكتروني',
    verifyOutro:
      'يعمل الرابط مرة واحدة وتنتهي صلاحيته بعد {hours} ساعة. إذا لم تُنشئ حسابًا، يمكنك تجاهل هذه الرسالة.',
    resetSubject: '{app}: إعادة تعيين كلمة المرور',
    resetIntro: 'طلب أحدهم إعادة تعيين كلمة مرور حسابك في {app}. افتح هذا الرابط لاختيار كلمة مرور جديدة:',
    resetAction: 'إعادة تعيين كلمة المرور',
    resetOutro:
      'يعمل الرابط مرة واحدة وتنتهي صلاحيته بعد {minutes} دقيقة. إذا لم تطلب ذلك، تجاهل هذه الرسالة: ستبقى كلمة مرورك كما هي.',
  },
  'de-DE': {
    hi: 'Hallo,',
    verifySubject: '{app}: Bestätigen Sie Ihre E-Mail-Adresse',
    verifyIntro: 'Bitte bestätigen Sie Ihre E-Mail-Adresse für {app}, indem Sie diesen Link öffnen:',
    verifyAction: 'E-Mail bestätigen',
    verifyOutro:
      'Der Link funktioniert einmal und läuft in {hours} Stunden ab. Wenn Sie kein Konto erstellt haben, können Sie diese E-Mail ignorieren.',
    resetSubject: '{app}: Passwort zurücksetzen',
    resetIntro:
      'Jemand hat das Zurücksetzen des Passworts Ihres {app}-Kontos angefordert. Öffnen Sie diesen Link, um ein neues zu wählen:',
    resetAction: 'Passwort zurücksetzen',
    resetOutro:
      'Der Link funktioniert einmal und läuft in {minutes} Minuten ab. Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
  },
  'es-ES': {
    hi: 'Hola:',
    verifySubject: '{app}: verifica tu correo electrónico',
    verifyIntro: 'Confirma tu dirección de correo para {app} abriendo este enlace:',
    verifyAction: 'Confirmar correo',
    verifyOutro:
      'El enlace funciona una sola vez y caduca en {hours} horas. Si no creaste una cuenta, puedes ignorar este correo.',
    resetSubject: '{app}: restablece tu contraseña',
    resetIntro:
      'Alguien pidió restablecer la contraseña de tu cuenta de {app}. Abre este enlace para elegir una nueva:',
    resetAction: 'Restablecer contraseña',
    resetOutro:
      'El enlace funciona una sola vez y caduca en {minutes} minutos. Si no lo pediste, ignora este correo: tu contraseña no cambia.',
  },
  'fr-FR': {
    hi: 'Bonjour,',
    verifySubject: '{app} : vérifiez votre adresse e-mail',
    verifyIntro: 'Veuillez confirmer votre adresse e-mail pour {app} en ouvrant ce lien :',
    verifyAction: "Confirmer l'adresse e-mail",
    verifyOutro:
      "Le lien ne fonctionne qu'une fois et expire dans {hours} heures. Si vous n'avez pas créé de compte, vous pouvez ignorer cet e-mail.",
    resetSubject: '{app} : réinitialisez votre mot de passe',
    resetIntro:
      'Quelqu’un a demandé la réinitialisation du mot de passe de votre compte {app}. Ouvrez ce lien pour en choisir un nouveau :',
    resetAction: 'Réinitialiser le mot de passe',
    resetOutro:
      "Le lien ne fonctionne qu'une fois et expire dans {minutes} minutes. Si vous n'avez rien demandé, ignorez cet e-mail : votre mot de passe reste inchangé.",
  },
  'it-IT': {
    hi: 'Ciao,',
    verifySubject: '{app}: verifica la tua email',
    verifyIntro: 'Conferma il tuo indirizzo email per {app} aprendo questo link:',
    verifyAction: 'Conferma email',
    verifyOutro:
      'Il link funziona una sola volta e scade tra {hours} ore. Se non hai creato un account, puoi ignorare questa email.',
    resetSubject: '{app}: reimposta la password',
    resetIntro:
      'Qualcuno ha chiesto di reimpostare la password del tuo account {app}. Apri questo link per sceglierne una nuova:',
    resetAction: 'Reimposta password',
    resetOutro:
      'Il link funziona una sola volta e scade tra {minutes} minuti. Se non l’hai chiesto tu, ignora questa email: la password resta invariata.',
  },
  'pl-PL': {
    hi: 'Cześć,',
    verifySubject: '{app}: zweryfikuj swój adres e-mail',
    verifyIntro: 'Potwierdź swój adres e-mail w {app}, otwierając ten link:',
    verifyAction: 'Potwierdź e-mail',
    verifyOutro:
      'Link działa jeden raz i wygasa za {hours} godz. Jeśli nie zakładałeś konta, zignoruj tę wiadomość.',
    resetSubject: '{app}: zresetuj hasło',
    resetIntro:
      'Ktoś poprosił o zresetowanie hasła do Twojego konta {app}. Otwórz ten link, aby wybrać nowe:',
    resetAction: 'Zresetuj hasło',
    resetOutro:
      'Link działa jeden raz i wygasa za {minutes} min. Jeśli to nie Ty, zignoruj tę wiadomość: Twoje hasło pozostanie bez zmian.',
  },
  'pt-BR': {
    hi: 'Olá,',
    verifySubject: '{app}: verifique seu e-mail',
    verifyIntro: 'Confirme seu endereço de e-mail no {app} abrindo este link:',
    verifyAction: 'Confirmar e-mail',
    verifyOutro:
      'O link funciona uma vez e expira em {hours} horas. Se você não criou uma conta, pode ignorar este e-mail.',
    resetSubject: '{app}: redefina sua senha',
    resetIntro:
      'Alguém pediu para redefinir a senha da sua conta {app}. Abra este link para escolher uma nova:',
    resetAction: 'Redefinir senha',
    resetOutro:
      'O link funciona uma vez e expira em {minutes} minutos. Se não foi você, ignore este e-mail: sua senha continua a mesma.',
  },
  'ru-RU': {
    hi: 'Здравствуйте!',
    verifySubject: '{app}: подтвердите адрес электронной почты',
    verifyIntro: 'Подтвердите адрес электронной почты для {app}, открыв эту ссылку:',
    verifyAction: 'Подтвердить адрес',
    verifyOutro:
      'Ссылка действует один раз и истекает через {hours} ч. Если вы не создавали учетную запись, просто проигнорируйте это письмо.',
    resetSubject: '{app}: сброс пароля',
    resetIntro:
      'Кто-то запросил сброс пароля вашей учетной записи {app}. Откройте эту ссылку, чтобы задать новый:',
    resetAction: 'Сбросить пароль',
    resetOutro:
      'Ссылка действует один раз и истекает через {minutes} мин. Если вы этого не запрашивали, проигнорируйте письмо: пароль не изменится.',
  },
  'ja-JP': {
    hi: 'こんにちは。',
    verifySubject: '{app}：メールアドレスの確認',
    verifyIntro: '次のリンクを開いて、{app} のメールアドレスを確認してください：',
    verifyAction: 'メールアドレスを確認',
    verifyOutro:
      'このリンクは1回だけ使用でき、{hours} 時間で期限切れになります。アカウントを作成していない場合は、このメールを無視してください。',
    resetSubject: '{app}：パスワードの再設定',
    resetIntro:
      '{app} アカウントのパスワード再設定がリクエストされました。次のリンクを開いて新しいパスワードを設定してください：',
    resetAction: 'パスワードを再設定',
    resetOutro:
      'このリンクは1回だけ使用でき、{minutes} 分で期限切れになります。心当たりがない場合は、このメールを無視してください。パスワードは変更されません。',
  },
  'sv-SE': {
    hi: 'Hej,',
    verifySubject: '{app}: verifiera din e-postadress',
    verifyIntro: 'Bekräfta din e-postadress för {app} genom att öppna den här länken:',
    verifyAction: 'Bekräfta e-post',
    verifyOutro:
      'Länken fungerar en gång och går ut om {hours} timmar. Om du inte har skapat något konto kan du ignorera det här mejlet.',
    resetSubject: '{app}: återställ ditt lösenord',
    resetIntro:
      'Någon har bett om att återställa lösenordet för ditt {app}-konto. Öppna länken för att välja ett nytt:',
    resetAction: 'Återställ lösenord',
    resetOutro:
      'Länken fungerar en gång och går ut om {minutes} minuter. Om du inte bad om det kan du ignorera mejlet: ditt lösenord förblir oförändrat.',
  },
  'ko-KR': {
    hi: '안녕하세요.',
    verifySubject: '{app}: 이메일 인증',
    verifyIntro: '다음 링크를 열어 {app}의 이메일 주소를 확인해 주세요:',
    verifyAction: '이메일 확인',
    verifyOutro:
      '이 링크는 한 번만 사용할 수 있으며 {hours}시간 후에 만료됩니다. 계정을 만들지 않았다면 이 메일을 무시하세요.',
    resetSubject: '{app}: 비밀번호 재설정',
    resetIntro: '{app} 계정의 비밀번호 재설정이 요청되었습니다. 다음 링크를 열어 새 비밀번호를 설정하세요:',
    resetAction: '비밀번호 재설정',
    resetOutro:
      '이 링크는 한 번만 사용할 수 있으며 {minutes}분 후에 만료됩니다. 요청하지 않았다면 이 메일을 무시하세요. 비밀번호는 그대로 유지됩니다.',
  },
  'vi-VN': {
    hi: 'Xin chào,',
    verifySubject: '{app}: xác minh email của bạn',
    verifyIntro: 'Vui lòng xác nhận địa chỉ email của bạn cho {app} bằng cách mở liên kết này:',
    verifyAction: 'Xác nhận email',
    verifyOutro:
      'Liên kết chỉ dùng được một lần và hết hạn sau {hours} giờ. Nếu bạn không tạo tài khoản, hãy bỏ qua email này.',
    resetSubject: '{app}: đặt lại mật khẩu',
    resetIntro:
      'Có người đã yêu cầu đặt lại mật khẩu cho tài khoản {app} của bạn. Mở liên kết này để chọn mật khẩu mới:',
    resetAction: 'Đặt lại mật khẩu',
    resetOutro:
      'Liên kết chỉ dùng được một lần và hết hạn sau {minutes} phút. Nếu bạn không yêu cầu, hãy bỏ qua email này: mật khẩu của bạn vẫn giữ nguyên.',
  },
  'tr-TR': {
    hi: 'Merhaba,',
    verifySubject: '{app}: e-postanızı doğrulayın',
    verifyIntro: 'Lütfen bu bağlantıyı açarak {app} için e-posta adresinizi onaylayın:',
    verifyAction: 'E-postayı onayla',
    verifyOutro:
      'Bağlantı bir kez çalışır ve {hours} saat sonra geçersiz olur. Bir hesap oluşturmadıysanız bu e-postayı yok sayabilirsiniz.',
    resetSubject: '{app}: şifrenizi sıfırlayın',
    resetIntro:
      'Birisi {app} hesabınızın şifresini sıfırlamak istedi. Yeni bir şifre seçmek için bu bağlantıyı açın:',
    resetAction: 'Şifreyi sıfırla',
    resetOutro:
      'Bağlantı bir kez çalışır ve {minutes} dakika sonra geçersiz olur. Bunu siz istemediyseniz bu e-postayı yok sayın: şifreniz değişmez.',
  },
  'nl-NL': {
    hi: 'Hallo,',
    verifySubject: '{app}: bevestig je e-mailadres',
    verifyIntro: 'Bevestig je e-mailadres voor {app} door deze link te openen:',
    verifyAction: 'E-mailadres bevestigen',
    verifyOutro:
      'De link werkt één keer en verloopt over {hours} uur. Heb je geen account aangemaakt, dan kun je deze e-mail negeren.',
    resetSubject: '{app}: stel je wachtwoord opnieuw in',
    resetIntro:
      'Iemand heeft gevraagd het wachtwoord van je {app}-account opnieuw in te stellen. Open deze link om een nieuw wachtwoord te kiezen:',
    resetAction: 'Wachtwoord opnieuw instellen',
    resetOutro:
      'De link werkt één keer en verloopt over {minutes} minuten. Heb je dit niet gevraagd, negeer dan deze e-mail: je wachtwoord blijft hetzelfde.',
  },
  'id-ID': {
    hi: 'Halo,',
    verifySubject: '{app}: verifikasi email Anda',
    verifyIntro: 'Silakan konfirmasi alamat email Anda untuk {app} dengan membuka tautan ini:',
    verifyAction: 'Konfirmasi email',
    verifyOutro:
      'Tautan ini hanya berlaku sekali dan kedaluwarsa dalam {hours} jam. Jika Anda tidak membuat akun, abaikan email ini.',
    resetSubject: '{app}: atur ulang kata sandi Anda',
    resetIntro:
      'Seseorang meminta pengaturan ulang kata sandi akun {app} Anda. Buka tautan ini untuk memilih kata sandi baru:',
    resetAction: 'Atur ulang kata sandi',
    resetOutro:
      'Tautan ini hanya berlaku sekali dan kedaluwarsa dalam {minutes} menit. Jika Anda tidak memintanya, abaikan email ini: kata sandi Anda tetap sama.',
  },
};
